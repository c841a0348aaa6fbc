import type { Transaction } from 'firebase-admin/firestore';
import { holdsPlace } from '@upskill/domain/enrollment';
import { seats } from '../batches/store';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';

export interface Learner {
  enrollmentId: string;
  enrollment: EnrollmentDoc;
}

/**
 * A batch's learners: paid enrollments holding a confirmed seat in it. Read in the caller's transaction
 * when one is given, so a change and the mail to each learner see the same roster.
 */
export async function batchLearners(batchId: string, tx?: Transaction): Promise<Learner[]> {
  const query = seats().where('batchId', '==', batchId);
  const found = (await (tx ? tx.get(query) : query.get())).docs
    .map((d) => d.data())
    .filter((s) => s.state === 'confirmed' && s.enrollmentId);
  const refs = found.map((s) => enrollments().doc(s.enrollmentId ?? ''));
  const snaps = refs.length === 0 ? [] : tx ? await tx.getAll(...refs) : await Promise.all(refs.map((r) => r.get()));
  return snaps
    .map((snap) => ({ enrollmentId: snap.id, enrollment: snap.data() }))
    .filter((l): l is Learner => l.enrollment !== undefined && holdsPlace(l.enrollment.status) && l.enrollment.batchId === batchId);
}
