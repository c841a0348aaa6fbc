import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import {
  allowanceStanding,
  allowanceSummary,
  mentoringAllowances,
  type AllowanceStanding,
  type MentoringAllowance,
  type MentoringSource,
} from '@upskill/domain/mentoring';
import type { SessionKind, AllowanceView } from '@upskill/domain/mentoring';
import { enrollmentsOwnedBy, type AccountIdentity } from '../enrollment/access';
import type { EnrollmentDoc } from '../enrollment/store';
import { entitledAt } from '../subscriptions/entitled';
import type { BookingDoc } from './store';

/** A purchase that gives mentoring now: its allowances and where each stands. */
export interface MentoringPurchase {
  enrollmentId: string;
  enrollment: EnrollmentDoc;
  source: MentoringSource;
  standings: AllowanceStanding[];
}

/**
 * A purchase as far as its mentoring goes. A membership's months and years run from its first charge (the
 * trial's end); a one-time purchase's from its payment. A trial is a source with nothing left until it is charged.
 */
export function mentoringSource(enrollment: EnrollmentDoc): MentoringSource {
  const snapshot = enrollment.subscription?.snapshot;
  if (snapshot) {
    return {
      planId: enrollment.planId,
      startedAtMs: snapshot.startAtMs ?? enrollment.createdAt.toMillis(),
      inTrial: snapshot.paidCount === 0,
    };
  }
  const paidAt = enrollment.payment?.paidAt;
  return { planId: enrollment.planId, startedAtMs: paidAt ? paidAt.toMillis() : enrollment.createdAt.toMillis(), inTrial: false };
}

/** Whether a booking counts against `allowance` in the window that begins at `windowStartMs`. */
const countsIn = (booking: BookingDoc, enrollmentId: string, kind: SessionKind, windowStartMs: number) =>
  booking.enrollmentId === enrollmentId && booking.kind === kind && booking.counts && booking.windowStartMs === windowStartMs;

/** Where one allowance of one purchase stands at `nowMs`, given the learner's bookings. */
export function standingOf(
  enrollmentId: string,
  source: MentoringSource,
  allowance: MentoringAllowance,
  bookings: readonly BookingDoc[],
  nowMs: number,
): AllowanceStanding {
  const probe = allowanceStanding(allowance, source, 0, nowMs);
  const used = bookings.filter((b) => countsIn(b, enrollmentId, allowance.kind, probe.window.startMs)).length;
  return allowanceStanding(allowance, source, used, nowMs);
}

/** The caller's purchases that include mentoring and give access now (a place bought with a credit has none of its own). */
export async function mentoringPurchases(
  account: AccountIdentity,
  bookings: readonly BookingDoc[],
  nowMs: number,
): Promise<MentoringPurchase[]> {
  const owned: QueryDocumentSnapshot<EnrollmentDoc>[] = await enrollmentsOwnedBy(account);
  return owned
    .filter((snap) => {
      const doc = snap.data();
      return !doc.coveredBy && mentoringAllowances(doc.planId).length > 0 && entitledAt(doc, nowMs);
    })
    .sort((a, b) => a.data().createdAt.toMillis() - b.data().createdAt.toMillis())
    .map((snap) => {
      const source = mentoringSource(snap.data());
      return {
        enrollmentId: snap.id,
        enrollment: snap.data(),
        source,
        standings: mentoringAllowances(source.planId).map((a) => standingOf(snap.id, source, a, bookings, nowMs)),
      };
    });
}

export function allowanceViews(purchases: readonly MentoringPurchase[]): AllowanceView[] {
  return purchases.flatMap((p) =>
    p.standings.map((s) => ({
      enrollmentId: p.enrollmentId,
      planName: p.enrollment.planName,
      kind: s.allowance.kind,
      count: s.allowance.count,
      used: s.used,
      left: s.left,
      inTrial: s.inTrial,
      horizonDays: s.allowance.horizonDays,
      summary: allowanceSummary(s),
    })),
  );
}
