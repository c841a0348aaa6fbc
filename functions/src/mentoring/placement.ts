import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  canMovePlacement,
  mayRequestPlacement,
  placementMoveSchema,
  placementRequestSchema,
  PLACEMENT_LABELS,
} from '@upskill/domain/mentoring';
import type { PlacementView } from '@upskill/domain/mentoring';
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
        createdAt: at,
        updatedAt: at,
      };
      tx.create(ref, doc);
      return placementView(ref.id, doc);
    }),
  );
}

/** The placement team's queue: open requests first, oldest first. */
export async function placementQueue(): Promise<(PlacementView & { name: string; email: string })[]> {
  const snap = await withDeadline(placementRequests().orderBy('createdAt', 'asc').limit(500).get());
  return snap.docs
    .map((d) => ({ ...placementView(d.id, d.data()), name: d.data().name, email: d.data().email }))
    .sort((a, b) => Number(a.state === 'closed') - Number(b.state === 'closed'));
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
