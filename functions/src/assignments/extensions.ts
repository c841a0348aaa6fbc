import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { extensionSchema } from '@upskill/domain/assignments';
import type { StaffActionAnswer } from '@upskill/domain/staff';
import { writeAudit } from '../audit/staffAudit';
import { batches } from '../batches/store';
import { enrollments } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { mayTeach, type Teacher } from '../teaching/access';
import { assignmentOrThrow, assignmentWork, offeringOrThrow, workId } from './store';
import { runTransaction } from '../http/transaction';

/**
 * POST /api/assignments/extensions/{enrollmentId}/{assignmentId}: staff, or the instructor of the learner's
 * batch, add days to one learner's due date and cut-off, with a reason (0 days takes it back). It is kept
 * on the learner's work record, keyed by enrollment, so it follows them to another batch of the offering.
 */
export async function grantExtension(
  teacher: Teacher,
  enrollmentId: string,
  assignmentId: string,
  body: unknown,
): Promise<StaffActionAnswer> {
  const input = await validateBody(extensionSchema, body, 'Please check the extension.');
  const enrollment = (await withDeadline(enrollments().doc(enrollmentId).get())).data();
  const batch = enrollment?.batchId ? (await withDeadline(batches().doc(enrollment.batchId).get())).data() : undefined;
  // Not the caller's batch: the same 404 as no such learner.
  if (!enrollment || !batch || !mayTeach(teacher, batch)) throw new HttpError('not-found', 'No such learner in your batches.');
  const offering = offeringOrThrow(batch.offering);
  const assignment = assignmentOrThrow(offering, assignmentId);
  const ref = assignmentWork().doc(workId(enrollmentId, assignment.id));
  const reason = input.reason.trim();
  const detail =
    input.days === 0
      ? `Took back the extension on ${assignment.title}: ${reason}`
      : `${input.days} more days for ${assignment.title}: ${reason}`;
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const work = (await tx.get(ref)).data();
      const extension = input.days === 0 ? null : { days: input.days, reason, by: teacher.email, at: Timestamp.now() };
      if (work) tx.update(ref, { extension, updatedAt: FieldValue.serverTimestamp() });
      else
        tx.create(ref, {
          uid: enrollment.uid ?? '',
          enrollmentId,
          offering: offering.slug,
          assignmentId: assignment.id,
          state: 'not-started',
          attempts: 0,
          latestSubmissionId: null,
          extension,
          updatedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
        });
      return writeAudit(tx, teacher, 'extension-granted', { kind: 'assignment', id: ref.id }, detail);
    }),
  );
  return { ok: true, auditId };
}
