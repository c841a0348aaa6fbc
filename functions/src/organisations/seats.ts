import { randomBytes } from 'node:crypto';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  adminSchema,
  codeExpiresAt,
  codesSchema,
  enrollmentCodeFrom,
  invitationsSchema,
  nextSeatState,
  readInvitationFile,
  rowField,
  laneTotals,
  seatDescription,
  takeSeats,
  type SeatOrderView,
} from '@upskill/domain/organisations';
import { enrollments } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import {
  handedOutSeat,
  moveSeat,
  orderCounts,
  orderNotFound,
  orderSeats,
  orderView,
  readLanes,
  seatId,
  seatNotFound,
  seatOrders,
  writeLanes,
  type OrderSeatDoc,
  type OrganisationDoc,
  type SeatOrderDoc,
} from './store';

/**
 * Seats to people (issue 56): invitations by e-mail (one by one or a CSV of up to 500, taken whole or not at all),
 * single-use codes, revoking and reassigning until claimed, and removing a member (their access ends; the seat was
 * used, so it is not given back). Every change moves the counts of the seat's lane (lanes.ts) in the same transaction:
 * they never drift, and the order document is not rewritten.
 */

const refuse = (message: string) => new HttpError('failed-precondition', message);
/** An invitation link's token: 192 random bits; only its hash is stored. */
const newToken = () => randomBytes(24).toString('base64url');

/** The order if it belongs to this organisation and its seats can be handed out now. */
function assertHandable(doc: SeatOrderDoc | undefined, organisationId: string, nowMs: number): SeatOrderDoc {
  if (!doc || doc.organisationId !== organisationId) throw orderNotFound();
  if (doc.state !== 'paid') throw refuse('Seats can be handed out once the order is paid.');
  if (doc.lapsesAt && doc.lapsesAt.toMillis() <= nowMs) throw refuse('This order’s unclaimed seats have lapsed.');
  return doc;
}

/** The addresses already invited to, or holding, a seat of this organisation. */
async function takenAddresses(organisationId: string): Promise<string[]> {
  const held = await withDeadline(
    orderSeats().where('organisationId', '==', organisationId).where('state', 'in', ['invited', 'claimed']).get(),
  );
  return held.docs.map((d) => d.data().email).filter((e): e is string => Boolean(e));
}

function invitationMail(
  tx: Transaction,
  organisation: OrganisationDoc,
  organisationId: string,
  order: SeatOrderDoc,
  id: string,
  seat: { email: string; name: string | null },
  token: string,
) {
  queueMail(tx, seat.email, {
    template: 'seat-invitation',
    data: {
      organisationId,
      seatId: id,
      token,
      organisation: organisation.legalName,
      name: seat.name,
      offer: seatDescription(order.subject, 1, order.batchLabel).replace(/^1 seat:? ?/, ''),
    },
  });
}

/**
 * POST /api/team/{org}/orders/{id}/invitations {emails} or {csv}: each address gets a seat and a mail with its link.
 * A bad row (not an address, twice in the file, already invited, over the seats left) is named as "row n", and
 * nothing of that file is applied.
 */
export async function invite(
  organisationId: string,
  organisation: OrganisationDoc,
  orderId: string,
  body: unknown,
  nowMs: number,
): Promise<SeatOrderView> {
  const input = await validateBody(invitationsSchema, body, 'Check the addresses.');
  const ref = seatOrders().doc(orderId);
  const order = assertHandable((await withDeadline(ref.get())).data(), organisationId, nowMs);
  const text = input.csv ?? (input.emails ?? []).join('\n');
  const seatsLeft = (await orderCounts(orderId, order)).unassigned;
  const file = readInvitationFile(text, { seatsLeft, taken: await takenAddresses(organisationId) });
  if (!file.ok)
    throw new HttpError(
      'invalid-argument',
      `Nothing was sent: ${file.problems.length === 1 ? 'one row needs' : `${file.problems.length} rows need`} correcting.`,
      Object.fromEntries(file.problems.map((p) => [rowField(p.row), p.problem])),
    );
  const at = Timestamp.fromMillis(nowMs);
  return withDeadline(
    runTransaction(async (tx) => {
      const current = assertHandable((await tx.get(ref)).data(), organisationId, nowMs);
      const lanes = await readLanes(orderId, current, tx);
      const given = takeSeats(lanes, file.invitees.length, 'invited');
      if (!given) throw refuse(`Only ${laneTotals(lanes).unassigned} seats are left to hand out: nothing was sent.`);
      file.invitees.forEach((invitee, i) => {
        const number = given.numbers[i];
        const id = seatId(orderId, number);
        const token = newToken();
        tx.create(
          orderSeats().doc(id),
          handedOutSeat({ id: orderId, organisationId }, number, at, {
            email: invitee.email,
            name: invitee.name,
            tokenHash: sha256(token),
          }),
        );
        invitationMail(tx, organisation, organisationId, current, id, invitee, token);
      });
      writeLanes(tx, orderId, lanes, given.lanes, at);
      return orderView(orderId, current, laneTotals(given.lanes), nowMs);
    }),
  );
}

/** POST /api/team/{org}/orders/{id}/codes {count, days}: single-use codes, each holding one seat until used or revoked. */
export async function makeCodes(
  organisationId: string,
  orderId: string,
  body: unknown,
  nowMs: number,
): Promise<{ codes: string[]; order: SeatOrderView }> {
  const input = await validateBody(codesSchema, body, 'Check the number of codes.');
  const ref = seatOrders().doc(orderId);
  const at = Timestamp.fromMillis(nowMs);
  return withDeadline(
    runTransaction(async (tx) => {
      const current = assertHandable((await tx.get(ref)).data(), organisationId, nowMs);
      const lanes = await readLanes(orderId, current, tx);
      const given = takeSeats(lanes, input.count, 'invited');
      if (!given)
        throw new HttpError('invalid-argument', 'Check the number of codes.', {
          count: `Only ${laneTotals(lanes).unassigned} seats are left to hand out.`,
        });
      const expires = Timestamp.fromMillis(codeExpiresAt(nowMs, current.lapsesAt!.toMillis(), input.days));
      const codes = given.numbers.map((number) => {
        const code = enrollmentCodeFrom(randomBytes(16));
        tx.create(
          orderSeats().doc(seatId(orderId, number)),
          handedOutSeat({ id: orderId, organisationId }, number, at, { code, codeExpiresAt: expires }),
        );
        return code;
      });
      writeLanes(tx, orderId, lanes, given.lanes, at);
      return { codes, order: orderView(orderId, current, laneTotals(given.lanes), nowMs) };
    }),
  );
}

/** Reads a seat of this organisation, its order and the order's lanes inside `tx`, or 404. */
async function loadSeat(tx: Transaction, organisationId: string, id: string) {
  const seatRef = orderSeats().doc(id);
  const seat = (await tx.get(seatRef)).data();
  if (!seat || seat.organisationId !== organisationId) throw seatNotFound();
  const order = (await tx.get(seatOrders().doc(seat.orderId))).data();
  if (!order) throw seatNotFound();
  return { seatRef, seat, order, lanes: await readLanes(seat.orderId, order, tx) };
}

/** DELETE /api/team/{org}/seats/{id}: an invitation or a code withdrawn before it is claimed; the seat can be handed out again. */
export async function revokeSeat(organisationId: string, id: string, nowMs: number): Promise<SeatOrderView> {
  return withDeadline(
    runTransaction(async (tx) => {
      const { seatRef, seat, order, lanes } = await loadSeat(tx, organisationId, id);
      const next = nextSeatState(seat.state, 'revoke');
      if ('refused' in next) throw refuse(next.refused);
      tx.delete(seatRef);
      // Back to its lane, unassigned; its number is not handed out again (the lane's next seat has a new one).
      const after = moveSeat(tx, seat.orderId, lanes, seat.number, 'invited', 'unassigned', Timestamp.fromMillis(nowMs));
      return orderView(seat.orderId, order, laneTotals(after), nowMs);
    }),
  );
}

/**
 * POST /api/team/{org}/seats/{id}/reassign {email}: an invitation not yet claimed goes to someone else. The old link
 * stops working (a new token), the new address is mailed; the counts do not move.
 */
export async function reassignSeat(
  organisationId: string,
  organisation: OrganisationDoc,
  id: string,
  body: unknown,
  nowMs: number,
): Promise<SeatOrderView> {
  const { email } = await validateBody(adminSchema, body, 'Check the address.');
  const address = email.trim().toLowerCase();
  const taken = await takenAddresses(organisationId);
  if (taken.includes(address))
    throw new HttpError('invalid-argument', 'Check the address.', { email: `${address} is already invited or holds a seat.` });
  return withDeadline(
    runTransaction(async (tx) => {
      const { seatRef, seat, order, lanes } = await loadSeat(tx, organisationId, id);
      if (seat.state !== 'invited') throw refuse('Only an invitation not yet claimed can be reassigned.');
      if (!seat.tokenHash) throw refuse('A code cannot be reassigned: revoke it and make a new one.');
      const token = newToken();
      const updated: OrderSeatDoc = {
        ...seat,
        email: address,
        name: null,
        tokenHash: sha256(token),
        invitedAt: Timestamp.fromMillis(nowMs),
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(seatRef, updated);
      invitationMail(tx, organisation, organisationId, order, id, { email: address, name: null }, token);
      return orderView(seat.orderId, order, laneTotals(lanes), nowMs);
    }),
  );
}

/**
 * DELETE /api/team/{org}/seats/{id}/member: the organisation removes a member. Their enrollment from this seat ends
 * (status `ended`: no classes, recordings or mentoring from it), and the seat is not given back: it was used.
 */
export async function removeMember(organisationId: string, id: string, nowMs: number): Promise<SeatOrderView> {
  return withDeadline(
    runTransaction(async (tx) => {
      const { seatRef, seat, order, lanes } = await loadSeat(tx, organisationId, id);
      const next = nextSeatState(seat.state, 'remove-member');
      if ('refused' in next)
        throw refuse(seat.state === 'invited' ? 'This seat is not claimed yet: revoke the invitation instead.' : next.refused);
      const at = Timestamp.fromMillis(nowMs);
      const enrollmentRef = seat.enrollmentId ? enrollments().doc(seat.enrollmentId) : null;
      const enrollment = enrollmentRef ? (await tx.get(enrollmentRef)).data() : undefined;
      tx.set(seatRef, { ...seat, state: 'ended', endedAt: at, updatedAt: at });
      if (enrollmentRef && enrollment) tx.update(enrollmentRef, { status: 'ended', updatedAt: at });
      const after = moveSeat(tx, seat.orderId, lanes, seat.number, 'claimed', 'ended', at);
      return orderView(seat.orderId, order, laneTotals(after), nowMs);
    }),
  );
}
