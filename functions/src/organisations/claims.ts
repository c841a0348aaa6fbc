import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { COURSES, HOME_PLANS, PRICING_PLANS } from '@upskill/domain/catalogue';
import { accessWindowEnd } from '@upskill/domain/enrollment';
import {
  CODE_REFUSALS,
  PROGRESS_SHARING,
  campusMayJoin,
  claimMilestonesDue,
  claimSchema,
  codeRefusal,
  normalizeEnrollmentCode,
  seatDescription,
  type ClaimInput,
  type ClaimedSeat,
  type SeatOffer,
} from '@upskill/domain/organisations';
import { enrollmentSearchKeys } from '@upskill/domain/staff';
import { batches, seats } from '../batches/store';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { trustedEmail } from '../http/identity';
import { sha256 } from '../http/request';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import {
  handedOutSeat,
  moved,
  orderSeats,
  organisations,
  seatId,
  seatOrders,
  type OrderSeatDoc,
  type OrganisationDoc,
  type SeatOrderDoc,
} from './store';

/**
 * Claiming a seat (issue 56), three ways: an invitation's link (for the invited, verified address only), a
 * single-use code, or a campus's join link (for verified addresses of its domains). Each claim is one transaction
 * over the order: the seat, the learner's enrollment (paid by the organisation, with everything the seat gives), the
 * counts and any milestone mail to the admins. Fifty claims at once on the last seat give exactly one.
 */

const refuse = (message: string) => new HttpError('failed-precondition', message);
const invalidLink = () =>
  new HttpError(
    'not-found',
    'This invitation is no longer valid: it was withdrawn, reassigned or used. Ask your organisation for a new one.',
  );
const badJoinLink = () => new HttpError('not-found', 'This join link is not valid. Ask your college for its current link.');
const PLAN_SEAT_ACCESS_MONTHS = 12;

type Found =
  | { via: 'seat'; seatRef: FirebaseFirestore.DocumentReference<OrderSeatDoc>; orderId: string; organisationId: string }
  | { via: 'campus'; orderId: string; organisationId: string };

/** Which seat (or, for a campus, which order) a claim's credentials name: read outside the transaction, checked again in it. */
async function locate(input: Pick<ClaimInput, 'seatId' | 'token' | 'code' | 'joinKey'>, email: string, nowMs: number): Promise<Found> {
  if (input.seatId) {
    const seatRef = orderSeats().doc(input.seatId);
    const seat = (await withDeadline(seatRef.get())).data();
    if (!seat || seat.tokenHash !== sha256(input.token!)) throw invalidLink();
    return { via: 'seat', seatRef, orderId: seat.orderId, organisationId: seat.organisationId };
  }
  if (input.code !== undefined) {
    const code = normalizeEnrollmentCode(input.code);
    const found = code ? (await withDeadline(orderSeats().where('code', '==', code).limit(1).get())).docs[0] : undefined;
    if (!found) throw new HttpError('not-found', CODE_REFUSALS.unknown, { code: CODE_REFUSALS.unknown });
    return { via: 'seat', seatRef: found.ref, orderId: found.data().orderId, organisationId: found.data().organisationId };
  }
  const campus = (await withDeadline(organisations().where('joinKey', '==', input.joinKey!).limit(1).get())).docs[0];
  const organisation = campus?.data();
  if (!campus || !organisation || organisation.kind !== 'campus' || organisation.status !== 'confirmed') throw badJoinLink();
  if (!campusMayJoin({ email, emailVerified: true }, organisation.domains))
    throw new HttpError(
      'permission-denied',
      `This link is for ${organisation.legalName}'s students: sign in with your verified college address (${organisation.domains.map((d) => `@${d}`).join(' or ')}).`,
    );
  const open = await withDeadline(seatOrders().where('organisationId', '==', campus.id).where('state', '==', 'paid').get());
  const order = open.docs
    .filter((d) => d.data().counts.unassigned > 0 && (d.data().lapsesAt?.toMillis() ?? 0) > nowMs)
    .sort((a, b) => a.data().createdAt.toMillis() - b.data().createdAt.toMillis())[0];
  if (!order) throw refuse(`${organisation.legalName} has no seats left to join. Ask your college's placement or training office.`);
  return { via: 'campus', orderId: order.id, organisationId: campus.id };
}

/** What the seat gives, as the learner reads it before taking it. */
export async function seatOffer(
  account: DecodedIdToken,
  query: Pick<ClaimInput, 'seatId' | 'token' | 'code' | 'joinKey'>,
  nowMs: number,
): Promise<SeatOffer> {
  const email = verifiedEmail(account);
  const found = await locate(query, email, nowMs);
  const [order, organisation] = await Promise.all([
    withDeadline(seatOrders().doc(found.orderId).get()).then((s) => s.data()),
    withDeadline(organisations().doc(found.organisationId).get()).then((s) => s.data()),
  ]);
  if (!order || !organisation) throw invalidLink();
  return { organisation: organisation.legalName, description: offerOf(order), sharing: PROGRESS_SHARING };
}

const offerOf = (order: SeatOrderDoc) => seatDescription(order.subject, 1, order.batchLabel).replace(/^1 seat:? ?(in )?/, '');

function verifiedEmail(account: DecodedIdToken): string {
  const email = trustedEmail(account);
  if (!email) throw new HttpError('permission-denied', 'Verify your e-mail address first: a seat is given to a verified address.');
  return email;
}

/** POST /api/seats/claim: takes the seat, once. The same learner claiming the same seat again gets the same answer. */
export async function claimSeat(account: DecodedIdToken, body: unknown, nowMs: number): Promise<{ created: boolean; seat: ClaimedSeat }> {
  const input = await validateBody(claimSchema, body, 'Check the highlighted fields.');
  const email = verifiedEmail(account);
  const found = await locate(input, email, nowMs);
  const at = Timestamp.fromMillis(nowMs);
  const orderRef = seatOrders().doc(found.orderId);
  const organisationRef = organisations().doc(found.organisationId);
  return withDeadline(
    runTransaction(async (tx) => {
      const [order, organisation] = [(await tx.get(orderRef)).data(), (await tx.get(organisationRef)).data()];
      if (!order || !organisation) throw invalidLink();
      const answer = (enrollmentId: string) => ({ organisation: organisation.legalName, description: offerOf(order), enrollmentId });
      // One seat per person per organisation: a second claim of theirs is refused, or (the same seat) answered again.
      const mine = (
        await tx.get(orderSeats().where('organisationId', '==', found.organisationId).where('uid', '==', account.uid))
      ).docs.find((d) => d.data().state === 'claimed');
      if (mine) {
        // The same seat asked for again (its link or code), or the campus link again for the same order: the seat they
        // have, as the first answer gave it. A claim told "busy" whose commit landed after all is safe to send again.
        const same = found.via === 'seat' ? mine.id === found.seatRef.id : mine.data().orderId === found.orderId;
        if (same) return { created: false, seat: answer(mine.data().enrollmentId!) };
        throw refuse(`You already have a seat from ${organisation.legalName}.`);
      }
      if (order.state !== 'paid') throw refuse('This seat is not ready yet: the order has not been paid.');
      if (order.lapsesAt && order.lapsesAt.toMillis() <= nowMs)
        throw refuse('This seat has lapsed: it was not claimed in time. Ask your organisation.');
      let seatRef: FirebaseFirestore.DocumentReference<OrderSeatDoc>;
      let seat: OrderSeatDoc;
      if (found.via === 'seat') {
        seatRef = found.seatRef;
        const current = (await tx.get(seatRef)).data();
        if (!current)
          throw input.code !== undefined
            ? new HttpError('not-found', CODE_REFUSALS.revoked, { code: CODE_REFUSALS.revoked })
            : invalidLink();
        if (input.code !== undefined) {
          const refusal = codeRefusal(
            { expiresAtMs: current.codeExpiresAt?.toMillis() ?? 0, usedBy: current.uid, revokedAtMs: null },
            nowMs,
          );
          if (refusal)
            throw new HttpError(refusal === 'used' ? 'failed-precondition' : 'gone', CODE_REFUSALS[refusal], {
              code: CODE_REFUSALS[refusal],
            });
        } else {
          if (current.tokenHash !== sha256(input.token!) || current.state !== 'invited') throw invalidLink();
          if (current.email !== email)
            throw new HttpError(
              'permission-denied',
              `This invitation is for ${current.email}. Sign in with that address to take the seat.`,
            );
        }
        seat = current;
      } else {
        if (order.counts.unassigned < 1) throw refuse(`${organisation.legalName} has no seats left to join.`);
        seatRef = orderSeats().doc(seatId(found.orderId, order.nextSeat));
        seat = handedOutSeat({ id: found.orderId, organisationId: found.organisationId }, order.nextSeat, at, {
          state: 'unassigned',
          email,
          invitedAt: null,
        });
      }
      const batchSeat =
        order.subject.kind === 'course'
          ? (await tx.get(seats().where('seatOrderId', '==', found.orderId).where('enrollmentId', '==', null).limit(1))).docs[0]
          : undefined;
      if (order.subject.kind === 'course' && !batchSeat) throw refuse('This order has no batch place left.');
      const batch = order.batchId ? (await tx.get(batches().doc(order.batchId))).data() : undefined;
      if (order.subject.kind === 'plan' && !input.preferredBatchTime)
        throw new HttpError('invalid-argument', 'Check the highlighted fields.', { preferredBatchTime: 'Choose when you can attend.' });
      // Every read is done.
      const enrollmentRef = enrollments().doc();
      const name = (typeof account.name === 'string' && account.name.trim()) || seat.name || email.split('@')[0];
      tx.create(
        enrollmentRef,
        seatEnrollment({
          organisation,
          organisationId: found.organisationId,
          order,
          orderId: found.orderId,
          seatId: seatRef.id,
          input,
          account,
          email,
          name,
          batchSeatId: batchSeat?.id ?? null,
          batchTime: batch?.batchTime ?? null,
          nowMs,
        }),
      );
      if (batchSeat) tx.update(batchSeat.ref, { enrollmentId: enrollmentRef.id, updatedAt: at });
      tx.set(seatRef, {
        ...seat,
        state: 'claimed',
        email,
        uid: account.uid,
        enrollmentId: enrollmentRef.id,
        learnerName: name,
        claimedAt: at,
        updatedAt: at,
      });
      const counts = found.via === 'campus' ? moved(order.counts, 'unassigned', 'claimed') : moved(order.counts, 'invited', 'claimed');
      const due = claimMilestonesDue(
        { bought: order.seats - order.cancelledSeats, claimed: counts.claimed, ended: counts.ended },
        order.milestonesMailed,
      );
      // One mail for the highest milestone reached (a small order can pass 75% and 100% with one claim); all are marked.
      for (const milestone of due.slice(-1))
        for (const admin of organisation.adminEmails)
          queueMail(tx, admin, {
            template: 'team-seats',
            data: {
              organisationId: found.organisationId,
              orderId: found.orderId,
              organisation: organisation.legalName,
              offer: seatDescription(order.subject, order.seats, order.batchLabel),
              event: milestone === 100 ? 'claimed-100' : 'claimed-75',
              claimed: counts.claimed + counts.ended,
              bought: order.seats - order.cancelledSeats,
              unclaimed: counts.unassigned + counts.invited,
              lapsesOn: null,
            },
          });
      tx.set(orderRef, {
        ...order,
        counts,
        nextSeat: found.via === 'campus' ? order.nextSeat + 1 : order.nextSeat,
        milestonesMailed: [...order.milestonesMailed, ...due],
        updatedAt: at,
      });
      return { created: true, seat: answer(enrollmentRef.id) };
    }),
  );
}

/** The learner's enrollment from a seat: paid by the organisation, nothing to pay, with what the plan or the course gives. */
function seatEnrollment(a: {
  organisation: OrganisationDoc;
  organisationId: string;
  order: SeatOrderDoc;
  orderId: string;
  seatId: string;
  input: ClaimInput;
  account: DecodedIdToken;
  email: string;
  name: string;
  batchSeatId: string | null;
  batchTime: EnrollmentDoc['preferredBatchTime'] | null;
  nowMs: number;
}): EnrollmentDoc {
  const at = Timestamp.fromMillis(a.nowMs);
  const { subject } = a.order;
  const plan = subject.kind === 'plan' ? [...HOME_PLANS, ...PRICING_PLANS].find((p) => p.id === subject.planId) : undefined;
  const course = subject.kind === 'course' ? COURSES.find((c) => c.id === subject.courseId) : undefined;
  return {
    name: a.name,
    collegeName: a.organisation.kind === 'campus' ? a.organisation.legalName : '',
    email: a.email,
    phone: '',
    interestedCourse: a.input.interestedCourse,
    preferredBatchTime: a.batchTime ?? a.input.preferredBatchTime!,
    planName: `${plan?.name ?? course?.name ?? 'Seat'} (seat from ${a.organisation.legalName})`,
    planId: plan?.id ?? null,
    courseId: course?.id ?? null,
    courseIds: null,
    price: 0,
    listPrice: 0,
    couponApplied: false,
    features: plan?.features ?? [],
    status: 'paid',
    order: null,
    payment: null,
    refund: null,
    seatIssue: null,
    uid: a.account.uid,
    editTokenHashes: [],
    searchKeys: enrollmentSearchKeys(a.name, a.email),
    batchId: a.order.batchId,
    seatId: a.batchSeatId,
    // A plan seat's learner chooses their batches with its credits (none used yet).
    creditsUsed: subject.kind === 'plan' ? 0 : null,
    organisationSeat: {
      organisationId: a.organisationId,
      organisationName: a.organisation.legalName,
      orderId: a.orderId,
      seatId: a.seatId,
      accessUntil:
        subject.kind === 'plan' && subject.planId === 'yearly'
          ? Timestamp.fromMillis(accessWindowEnd(a.nowMs, PLAN_SEAT_ACCESS_MONTHS))
          : null,
    },
    createdAt: at,
    updatedAt: at,
  };
}
