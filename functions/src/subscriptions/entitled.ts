import { holdsPlace, hasAccess, viewOfSnapshot } from '@upskill/domain/enrollment';
import type { EnrollmentDoc } from '../enrollment/store';

/**
 * Whether an enrollment gives its learner the course at `nowMs`: paid, or in a free trial, and, for a
 * plan paid by subscription, while the subscription gives access (the trial's or the paid cycle's end;
 * none once halted). The one check behind joining a class and opening a recording.
 */
export function entitledAt(doc: EnrollmentDoc, nowMs: number): boolean {
  if (!holdsPlace(doc.status)) return false;
  // An Elite seat an organisation paid for gives 12 months from its claim (a member removed is `ended` above).
  const seatUntil = doc.organisationSeat?.accessUntil;
  if (seatUntil && nowMs >= seatUntil.toMillis()) return false;
  const stored = doc.subscription;
  if (!stored) return doc.status === 'paid';
  return hasAccess(viewOfSnapshot(stored.snapshot, stored.cancelledAt ? stored.cancelledAt.toMillis() : null), nowMs);
}
