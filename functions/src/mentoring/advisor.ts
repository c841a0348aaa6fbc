import { Timestamp } from 'firebase-admin/firestore';
import { ADVISOR_CANDIDATES, mentoringAllowances, mentorNameKey, advisorSchema } from '@upskill/domain/mentoring';
import type { AdvisorAnswer } from '@upskill/domain/mentoring';
import type { StaffActionAnswer } from '@upskill/domain/staff';
import { writeAudit } from '../audit/staffAudit';
import { enrollments } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { validateBody } from '../http/validate';
import { mentoringLedgers, mentors } from './store';
import { runTransaction } from '../http/transaction';

const offersAdvice = (planId: string | null) => mentoringAllowances(planId).some((a) => a.kind === 'advisor-call');

/**
 * GET /api/staff/enrollments/{id}/advisor?q=: the purchase's named advisor (if any) and a page of the mentors who offer
 * advisor calls, by name or by the start of a name: it read every active mentor before, a thousand in a full test run.
 */
export async function advisorOf(enrollmentId: string, query: Record<string, unknown> = {}): Promise<AdvisorAnswer> {
  const q = typeof query.q === 'string' ? mentorNameKey(query.q) : '';
  if (q.length > 60) throw new HttpError('invalid-argument', 'Type the start of a mentor’s name.', { q: 'At most 60 characters.' });
  let offering = mentors().where('active', '==', true).where('kinds', 'array-contains', 'advisor-call');
  if (q) offering = offering.where('nameKey', '>=', q).where('nameKey', '<', `${q}\uf8ff`);
  const [enrollment, ledger, found] = await withDeadline(
    Promise.all([
      enrollments().doc(enrollmentId).get(),
      mentoringLedgers().doc(enrollmentId).get(),
      offering
        .orderBy('nameKey')
        .limit(ADVISOR_CANDIDATES + 1)
        .get(),
    ]),
  );
  if (!enrollment.exists) throw new HttpError('not-found', 'No enrollment with that id.');
  const candidates = found.docs.slice(0, ADVISOR_CANDIDATES).map((d) => ({ id: d.id, name: d.data().name }));
  const advisorId = ledger.data()?.advisorId ?? null;
  const named = advisorId ? ((await withDeadline(mentors().doc(advisorId).get())).data()?.name ?? null) : null;
  return {
    advisor: advisorId && named ? { id: advisorId, name: named } : null,
    candidates,
    more: found.size > ADVISOR_CANDIDATES,
  };
}

/**
 * POST /api/staff/enrollments/{id}/advisor {mentorId}: staff name a Custom learner's learning advisor (a mentor
 * who offers advisor calls). From then on the learner's advisor calls are with them. Audited with the change.
 */
export async function assignAdvisor(actor: StaffActor, enrollmentId: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { mentorId } = await validateBody(advisorSchema, body, 'Choose a mentor.');
  const ledgerRef = mentoringLedgers().doc(enrollmentId);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const [enrollment, mentor, ledger] = await Promise.all([
        tx.get(enrollments().doc(enrollmentId)),
        tx.get(mentors().doc(mentorId)),
        tx.get(ledgerRef),
      ]);
      const doc = enrollment.data();
      if (!doc) throw new HttpError('not-found', 'No enrollment with that id.');
      if (!offersAdvice(doc.planId)) throw new HttpError('failed-precondition', 'Only a Custom plan has a learning advisor.');
      const profile = mentor.data();
      if (!profile || !profile.active || !profile.kinds.includes('advisor-call'))
        throw new HttpError('invalid-argument', 'Choose a mentor who offers advisor calls.', {
          mentorId: 'Choose a mentor who offers advisor calls.',
        });
      tx.set(ledgerRef, {
        uid: ledger.data()?.uid ?? doc.uid ?? '',
        bookings: ledger.data()?.bookings ?? 0,
        advisorId: mentorId,
        updatedAt: Timestamp.now(),
      });
      return writeAudit(tx, actor, 'advisor-assigned', { kind: 'enrollment', id: enrollmentId }, `${profile.name} (${mentorId})`);
    }),
  );
  return { ok: true, auditId };
}
