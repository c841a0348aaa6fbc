import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { COURSES, HOME_PLANS, PRICING_PLANS } from '@upskill/domain/catalogue';
import { accessWindowEnd } from '@upskill/domain/enrollment';
import {
  CODE_REFUSALS,
  PROGRESS_SHARING,
  campusMayJoin,
  claimSchema,
  codeRefusal,
  laneId,
  laneOfSeat,
  laneSeatNumber,
  laneTotals,
  movedCounts,
  normalizeEnrollmentCode,
  pickLane,
  seatDescription,
  type ClaimInput,
  type ClaimedSeat,
  type SeatOffer,
} from '@upskill/domain/organisations';
import { enrollmentSearchKeys } from '@upskill/domain/staff';
import { batches, seats, type SeatDoc } from '../batches/store';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { unavailable, withDeadline } from '../http/handler';
import { trustedEmail } from '../http/identity';
import { sha256 } from '../http/request';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { mailMilestones } from './milestones';
import {
  handedOutSeat,
  orderSeats,
  organisations,
  readLanes,
  seatId,
  seatLanes,
  seatOrders,
  type OrderSeatDoc,
  type OrganisationDoc,
  type SeatLaneDoc,
  type SeatOrderDoc,
} from './store';

/**
 * Claiming a seat (issue 56), three ways: an invitation's link (for the invited, verified address only), a
 * single-use code, or a campus's join link (for verified addresses of its domains). Each claim is one transaction
 * over its seat and the seat's lane (lanes.ts): the seat, the learner's enrollment (paid by the organisation, with
 * everything the seat gives), a batch place for a course, and the lane's counts. Fifty claims at once on the last seat
 * give exactly one.
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
  /** A campus link's order as located (null for a student answered their own seat), and its lanes. */
  | { via: 'campus'; orderId: string; organisationId: string; order: SeatOrderDoc | null; lanes: SeatLaneDoc[] };

/** Which seat (or, for a campus, which order) a claim's credentials name: read outside the transaction, checked again in it. */
async function locate(
  input: Pick<ClaimInput, 'seatId' | 'token' | 'code' | 'joinKey'>,
  email: string,
  uid: string,
  nowMs: number,
): Promise<Found> {
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
  const orders = open.docs
    .filter((d) => (d.data().lapsesAt?.toMillis() ?? 0) > nowMs)
    .sort((a, b) => a.data().createdAt.toMillis() - b.data().createdAt.toMillis());
  // The oldest order with a seat left in a lane.
  for (const order of orders) {
    const lanes = await withDeadline(readLanes(order.id, order.data()));
    if (laneTotals(lanes).unassigned > 0)
      return { via: 'campus', orderId: order.id, organisationId: campus.id, order: order.data(), lanes };
  }
  // None left: a student who already took one (their claim sent again after "busy") is answered their seat.
  const mine = (await withDeadline(orderSeats().where('organisationId', '==', campus.id).where('uid', '==', uid).get())).docs.find(
    (d) => d.data().state === 'claimed',
  );
  if (mine) return { via: 'campus', orderId: mine.data().orderId, organisationId: campus.id, order: null, lanes: [] };
  throw refuse(`${organisation.legalName} has no seats left to join. Ask your college's placement or training office.`);
}

/** A claim's try that met a seat taken meanwhile (its lane emptied, or its batch place given): tried again afresh. */
class TakenMeanwhile extends Error {}
/** How often a claim tries again after meeting a taken seat before answering "busy" (the client sends it again). */
const CLAIM_TRIES = 6;

/**
 * Which lane a campus claim takes its seat from, and (for a course) which of the order's batch places: each at random
 * among those free when read, outside the transaction, so that a class claiming at once spreads over the lanes and the
 * places instead of queueing on one document (decision 0039). The transaction reads the two again and tries afresh if
 * either was taken meanwhile. Null where none was free: the transaction refuses (after answering a seat already held).
 */
async function choose(found: Found, order: SeatOrderDoc, lanes: SeatLaneDoc[] | null) {
  let lane: number | null = null;
  if (found.via === 'campus') {
    const current = lanes ?? (await withDeadline(readLanes(found.orderId, order)));
    lane = pickLane(
      current.map((l) => l.counts.unassigned),
      Math.random(),
    );
  }
  let batchSeat: FirebaseFirestore.DocumentReference<SeatDoc> | null = null;
  if (order.subject.kind === 'course' && order.batchId) {
    const capacity = (await withDeadline(batches().doc(order.batchId).get())).data()?.capacity ?? 0;
    const free = seats().where('seatOrderId', '==', found.orderId).where('enrollmentId', '==', null).orderBy('index');
    const from = Math.floor(Math.random() * capacity);
    const place =
      (await withDeadline(free.where('index', '>=', from).limit(1).get())).docs[0] ?? (await withDeadline(free.limit(1).get())).docs[0];
    batchSeat = place?.ref ?? null;
  }
  return { lane, batchSeat };
}

/** What the seat gives, as the learner reads it before taking it. */
export async function seatOffer(
  account: DecodedIdToken,
  query: Pick<ClaimInput, 'seatId' | 'token' | 'code' | 'joinKey'>,
  nowMs: number,
): Promise<SeatOffer> {
  const email = verifiedEmail(account);
  const found = await locate(query, email, account.uid, nowMs);
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

/**
 * POST /api/seats/claim: takes the seat, once. The same learner claiming the same seat again gets the same answer.
 * The claim writes its seat, its lane, its batch place and the enrollment; never the order, which a class claiming at
 * once would queue on. The admins' milestone mails follow (mailMilestones).
 */
export async function claimSeat(account: DecodedIdToken, body: unknown, nowMs: number): Promise<{ created: boolean; seat: ClaimedSeat }> {
  const input = await validateBody(claimSchema, body, 'Check the highlighted fields.');
  const email = verifiedEmail(account);
  const found = await locate(input, email, account.uid, nowMs);
  let lanes = found.via === 'campus' ? found.lanes : null;
  for (let tries = 1; ; tries++) {
    try {
      const claimed = await claimOnce(account, input, email, found, lanes, nowMs);
      await mailMilestones(found.orderId, found.organisationId, nowMs);
      return claimed;
    } catch (error) {
      if (!(error instanceof TakenMeanwhile)) throw error;
      if (tries >= CLAIM_TRIES) throw unavailable();
      lanes = null;
    }
  }
}

async function claimOnce(
  account: DecodedIdToken,
  input: ClaimInput,
  email: string,
  found: Found,
  lanes: SeatLaneDoc[] | null,
  nowMs: number,
): Promise<{ created: boolean; seat: ClaimedSeat }> {
  const at = Timestamp.fromMillis(nowMs);
  const orderRef = seatOrders().doc(found.orderId);
  const organisationRef = organisations().doc(found.organisationId);
  // The order as located, or read: only which lane and batch place to try depends on it. The transaction reads the
  // order and its organisation again, and decides.
  const orderNow = (found.via === 'campus' ? found.order : null) ?? (await withDeadline(orderRef.get())).data();
  if (!orderNow) throw invalidLink();
  const chosen = orderNow.state === 'paid' ? await choose(found, orderNow, lanes) : null;
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
      if (order.state !== 'paid' || !chosen) throw refuse('This seat is not ready yet: the order has not been paid.');
      if (order.lapsesAt && order.lapsesAt.toMillis() <= nowMs)
        throw refuse('This seat has lapsed: it was not claimed in time. Ask your organisation.');
      let seatRef: FirebaseFirestore.DocumentReference<OrderSeatDoc>;
      let seat: OrderSeatDoc;
      let laneRef: FirebaseFirestore.DocumentReference<SeatLaneDoc>;
      let lane: SeatLaneDoc | undefined;
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
        laneRef = seatLanes().doc(laneId(found.orderId, laneOfSeat(current.number, order.lanes)));
        lane = (await tx.get(laneRef)).data();
        if (!lane) throw invalidLink();
      } else {
        if (chosen.lane === null) throw refuse(`${organisation.legalName} has no seats left to join.`);
        laneRef = seatLanes().doc(laneId(found.orderId, chosen.lane));
        lane = (await tx.get(laneRef)).data();
        if (!lane || lane.counts.unassigned < 1) throw new TakenMeanwhile();
        const number = laneSeatNumber(chosen.lane, lane.handedOut, order.lanes);
        seatRef = orderSeats().doc(seatId(found.orderId, number));
        seat = handedOutSeat({ id: found.orderId, organisationId: found.organisationId }, number, at, {
          state: 'unassigned',
          email,
          invitedAt: null,
        });
      }
      if (order.subject.kind === 'course' && !chosen.batchSeat) throw refuse('This order has no batch place left.');
      const batchSeat = chosen.batchSeat ? (await tx.get(chosen.batchSeat)).data() : undefined;
      if (chosen.batchSeat && (batchSeat?.seatOrderId !== found.orderId || batchSeat.enrollmentId !== null)) throw new TakenMeanwhile();
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
          batchSeatId: chosen.batchSeat?.id ?? null,
          batchTime: batch?.batchTime ?? null,
          nowMs,
        }),
      );
      if (chosen.batchSeat) tx.update(chosen.batchSeat, { enrollmentId: enrollmentRef.id, updatedAt: at });
      const claimedSeat: OrderSeatDoc = {
        ...seat,
        state: 'claimed',
        email,
        uid: account.uid,
        enrollmentId: enrollmentRef.id,
        learnerName: name,
        claimedAt: at,
        updatedAt: at,
      };
      // A campus claim makes its seat (create: a number taken meanwhile fails the commit, and the claim is tried again).
      if (found.via === 'campus') tx.create(seatRef, claimedSeat);
      else tx.set(seatRef, claimedSeat);
      tx.set(laneRef, {
        ...lane,
        handedOut: found.via === 'campus' ? lane.handedOut + 1 : lane.handedOut,
        counts: movedCounts(lane.counts, found.via === 'campus' ? 'unassigned' : 'invited', 'claimed'),
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
