import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  canMovePlacement,
  mayRequestPlacement,
  placementMoveSchema,
  lastMonths,
  placementContactDueAt,
  placementFigures,
  placementRequestSchema,
  PLACEMENT_STATES,
  PLACEMENT_LABELS,
} from '@upskill/domain/mentoring';
import type { PlacementFigures, PlacementView } from '@upskill/domain/mentoring';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { validateBody } from '../http/validate';
import { writeAudit } from '../audit/staffAudit';
import { mentoringPurchases } from './allowances';
import { mentorBookings, placementRequests, placementView } from './store';
import { runTransaction } from '../http/transaction';

/**
 * POST /api/mentoring/placements {bookingId, note}: a Platinum or Elite learner, after a mock interview rated
 * "ready", asks the placement team for help. One request per such interview (its id is the request's), so a
 * second click finds the first.
 */
export async function requestPlacement(account: DecodedIdToken, body: unknown, nowMs: number): Promise<PlacementView> {
  const input = await validateBody(placementRequestSchema, body, 'Check the request.');
  const booking = (await withDeadline(mentorBookings().doc(input.bookingId).get())).data();
  if (!booking || booking.learnerUid !== account.uid) throw new HttpError('not-found', 'No such mock interview.');
  if (booking.kind !== 'mock-interview' || booking.scorecard?.verdict !== 'ready')
    throw new HttpError('failed-precondition', 'Placement assistance opens after a mock interview rated ready.');
  const purchases = await mentoringPurchases(account, [booking], nowMs);
  const purchase = purchases.find((p) => mayRequestPlacement(p.enrollment.planId, ['ready']));
  if (!purchase) throw new HttpError('permission-denied', 'Placement assistance comes with Platinum and the Elite Learning Membership.');
  const ref = placementRequests().doc(input.bookingId);
  const at = Timestamp.fromMillis(nowMs);
  return withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      if (existing) return placementView(ref.id, existing);
      const doc = {
        uid: account.uid,
        email: purchase.enrollment.email,
        name: purchase.enrollment.name,
        enrollmentId: purchase.enrollmentId,
        bookingId: input.bookingId,
        note: input.note.trim(),
        state: 'requested' as const,
        history: [{ state: 'requested' as const, note: input.note.trim(), by: account.uid, at }],
        contactDueAt: Timestamp.fromMillis(placementContactDueAt(nowMs)),
        firstContactAt: null,
        referrals: [],
        reports: [],
        offerAt: null,
        createdAt: at,
        updatedAt: at,
      };
      tx.create(ref, doc);
      return placementView(ref.id, doc);
    }),
  );
}

/** The figures' window, in months back from now (this month included). */
const FIGURE_MONTHS = 12;

/**
 * The placement team's queue and figures: every open request, and every request of the last 12 months (the figures'
 * window), open first, oldest first. Two bounded reads, whatever the years before hold.
 */
export async function placementQueue(
  nowMs: number,
): Promise<{ placements: (PlacementView & { name: string; email: string })[]; figures: PlacementFigures }> {
  const since = Timestamp.fromMillis(Date.parse(`${lastMonths(nowMs, FIGURE_MONTHS)[0]}-01T00:00:00+05:30`));
  const [open, recent] = await withDeadline(
    Promise.all([
      placementRequests()
        .where(
          'state',
          'in',
          PLACEMENT_STATES.filter((s) => s !== 'closed'),
        )
        .get(),
      placementRequests().where('createdAt', '>=', since).get(),
    ]),
  );
  const byId = new Map([...open.docs, ...recent.docs].map((d) => [d.id, d.data()]));
  const placements = [...byId]
    .map(([id, doc]) => ({ ...placementView(id, doc), name: doc.name, email: doc.email }))
    .sort((a, b) => Number(a.state === 'closed') - Number(b.state === 'closed') || a.createdAtMs - b.createdAtMs);
  const facts = [...byId.values()].map((doc) => ({
    requestedAtMs: doc.createdAt.toMillis(),
    contactDueAtMs: (doc.contactDueAt ?? Timestamp.fromMillis(placementContactDueAt(doc.createdAt.toMillis()))).toMillis(),
    firstContactAtMs: doc.firstContactAt?.toMillis() ?? null,
    referredOn: (doc.referrals ?? []).map((r) => r.referredOn),
    offerAtMs: doc.offerAt?.toMillis() ?? null,
  }));
  return { placements, figures: placementFigures(facts, nowMs, FIGURE_MONTHS) };
}

/** POST /api/staff/placements/{id} {state, note}: one step forward, or closed; the history keeps each step and who took it. */
export async function movePlacement(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<PlacementView> {
  const input = await validateBody(placementMoveSchema, body, 'Check the step.');
  const ref = placementRequests().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw new HttpError('not-found', 'No such placement request.');
      if (doc.state === input.state) return placementView(id, doc);
      if (!canMovePlacement(doc.state, input.state))
        throw new HttpError(
          'failed-precondition',
          `A request that is ${PLACEMENT_LABELS[doc.state].toLowerCase()} cannot move to ${PLACEMENT_LABELS[input.state].toLowerCase()}.`,
        );
      const at = Timestamp.fromMillis(nowMs);
      const next = {
        ...doc,
        state: input.state,
        history: [...doc.history, { state: input.state, note: input.note ?? '', by: actor.email, at }],
        // The team's first step is its first contact: the promise is kept or missed here.
        firstContactAt: doc.firstContactAt ?? at,
        updatedAt: at,
      };
      tx.set(ref, next);
      writeAudit(
        tx,
        actor,
        'placement-moved',
        { kind: 'placement', id },
        `${PLACEMENT_LABELS[input.state]}${input.note ? `: ${input.note}` : ''}`,
      );
      return placementView(id, next);
    }),
  );
}
