import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { formatCertificateCode, normalizeCertificateCode } from '@upskill/domain/certificates';
import { certificateOverrideSchema, certificateRevokeSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { assignmentsFor, rubricTotal, assignmentWorkId } from '@upskill/domain/assignments';
import type { CertificateProject } from '@upskill/domain/certificates';
import { collection } from '../platform/collections';
import { earnsCertificate, sessionsHeld } from '@upskill/domain/learning';
import { GRPC, HttpError, errorCode } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { db } from '../platform/database';
import { batches, sessionsOfBatch, type BatchDoc } from '../batches/store';
import { enrollmentNotFound, enrollments } from '../enrollment/store';
import { attendance, sessionTimes } from '../learning/store';
import { queueMail } from '../mail/outbox';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { batchLearners } from '../teaching/roster';
import { certificates, newCertificateCode } from './store';
import { runTransaction } from '../http/transaction';

const serverTime = () => FieldValue.serverTimestamp() as unknown as Timestamp;

export interface CompletionResult {
  issued: number;
  notEarned: number;
  alreadyIssued: number;
}

/**
 * Issues one learner's certificate, if they are owed one and have none: the certificate, the enrollment's
 * pointer to it and the mail in one transaction, which reads the pointer first, so however often this
 * runs (a retried job, staff clicking twice, two runs at once) one certificate and one mail result.
 * `basis` says why: attendance (checked here, as of the batch's completion) or staff (an override).
 */
/** How many of the batch's sessions were held by its completion (or now): read once per batch, not per learner. */
async function heldSessions(batchId: string, batch: BatchDoc): Promise<number> {
  const stored = await sessionsOfBatch(batchId, batch);
  return sessionsHeld(
    stored.map(({ doc }) => sessionTimes(doc)),
    batch.completedAt?.toMillis() ?? Date.now(),
  );
}

/**
 * The learner's certificate assignments: whether every one is passed, and the passed ones as the certificate lists
 * them (title, points of the passing review, the work's link). Read from the work records the assignments keep.
 */
async function certificateWork(enrollmentId: string, offeringSlug: string): Promise<{ complete: boolean; projects: CertificateProject[] }> {
  const offering = findOffering(offeringSlug);
  if (!offering) return { complete: true, projects: [] };
  const needed = assignmentsFor(offering).filter((a) => a.countsForCertificate);
  const works = await db().getAll(...needed.map((a) => collection('assignmentWork').doc(assignmentWorkId(enrollmentId, a.id))));
  const projects: CertificateProject[] = [];
  for (const [i, assignment] of needed.entries()) {
    const work = works[i].data();
    if (work?.state !== 'passed' || !work.latestSubmissionId) continue;
    const attempt = (await collection('submissions').doc(work.latestSubmissionId).get()).data();
    const points = Object.values(attempt?.review?.scores ?? {}).reduce((sum, n) => sum + n, 0);
    projects.push({ title: assignment.title, points, outOf: rubricTotal(assignment.rubric), link: attempt?.link ?? null });
  }
  return { complete: projects.length === needed.length, projects };
}

async function issueFor(
  enrollmentId: string,
  batchId: string,
  batch: BatchDoc,
  held: number,
  basis: 'attendance' | 'staff',
  actor: StaffActor | null,
  reason: string | null,
): Promise<'issued' | 'not-earned' | 'already'> {
  const attendedSnap = await attendance().where('enrollmentId', '==', enrollmentId).get();
  const attended = attendedSnap.docs.filter((d) => d.data().present && d.data().batchId === batchId).length;
  const work = await certificateWork(enrollmentId, batch.offering);
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = newCertificateCode();
    try {
      return await runTransaction(async (tx) => {
        const ref = enrollments().doc(enrollmentId);
        const enrollment = (await tx.get(ref)).data();
        if (!enrollment) throw enrollmentNotFound();
        if (enrollment.certificateCode) return 'already' as const;
        const override = enrollment.certificateOverride;
        const owed = basis === 'staff' || (override ? override.issue : earnsCertificate(attended, held) && work.complete);
        if (!owed) return 'not-earned' as const;
        const course = findOffering(batch.offering)?.name ?? batch.offering;
        tx.create(certificates().doc(code), {
          enrollmentId,
          batchId,
          uid: enrollment.uid,
          email: enrollment.email,
          name: enrollment.name,
          course,
          startDate: batch.startDate,
          endDate: batch.endDate,
          instructor: INSTRUCTORS[batch.instructor].name,
          basis: basis === 'staff' || override?.issue ? 'staff' : 'attendance',
          attended,
          held,
          status: 'valid',
          revokedAt: null,
          revokedReason: null,
          public: false,
          projects: work.projects,
          showLinks: false,
          issuedAt: serverTime(),
        });
        tx.update(ref, { certificateCode: code, updatedAt: serverTime() });
        queueMail(tx, enrollment.email, { template: 'certificate-issued', data: { enrollmentId, name: enrollment.name, course, code } });
        if (actor)
          writeAudit(
            tx,
            actor,
            'certificate-issued',
            { kind: 'certificate', id: code },
            `${enrollment.name}: ${reason ?? `${attended} of ${held} sessions`}`,
          );
        return 'issued' as const;
      });
    } catch (err) {
      // A code already taken (1 in 2^60, but never twice): another code.
      if (errorCode(err) !== GRPC.ALREADY_EXISTS) throw err;
    }
  }
  throw new Error('no free certificate code after three tries');
}

/** What a completion found: a batch it completed, one whose cut-short completion it finished, or one already done. */
export type CompletionOutcome = 'completed' | 'finished' | 'already';

/**
 * Completes a batch (staff early, or the completion job after its last session) and issues the
 * certificates it owes: each learner with a confirmed seat who attended at least three quarters of the
 * sessions held, less staff's withheld ones, plus staff's issued ones. Safe to run again.
 *
 * The batch is marked completed, with `certificatesPending`, before the learners are gone through one
 * transaction each, and the flag is cleared after the last. A run cut short in between (a request past its
 * budget answers 503; a job's process can die) leaves the flag, and the next run by staff or the job finishes
 * the issuing instead of finding the batch "already completed" with certificates still owed.
 */
export async function completeBatch(
  batchId: string,
  actor: StaffActor | null,
  nowMs: number,
): Promise<CompletionResult & { auditId: string | null; outcome: CompletionOutcome }> {
  const ref = batches().doc(batchId);
  const { batch, auditId, outcome } = await runTransaction(async (tx) => {
    const found = (await tx.get(ref)).data();
    if (!found) throw new HttpError('not-found', 'No such batch.');
    if (found.status === 'cancelled') throw new HttpError('failed-precondition', 'This batch is cancelled.');
    if (found.startsAt.toMillis() > nowMs) throw new HttpError('failed-precondition', 'This batch has not started yet.');
    const target = { kind: 'batch' as const, id: batchId };
    if (found.status === 'completed') {
      if (!found.certificatesPending) return { batch: found, auditId: null, outcome: 'already' as const };
      const detail = 'An interrupted completion finished; certificates issued by attendance';
      return {
        batch: found,
        auditId: actor ? writeAudit(tx, actor, 'batch-completion-finished', target, detail) : null,
        outcome: 'finished' as const,
      };
    }
    const completedAt = Timestamp.fromMillis(nowMs);
    tx.update(ref, { status: 'completed', completedAt, certificatesPending: true, updatedAt: serverTime() });
    return {
      batch: { ...found, status: 'completed' as const, completedAt },
      auditId: actor ? writeAudit(tx, actor, 'batch-completed', target, 'Completed; certificates issued by attendance') : null,
      outcome: 'completed' as const,
    };
  });
  const result: CompletionResult = { issued: 0, notEarned: 0, alreadyIssued: 0 };
  if (outcome === 'already') return { ...result, auditId, outcome };
  const held = await heldSessions(batchId, batch);
  for (const learner of await batchLearners(batchId)) {
    const decided = await issueFor(learner.enrollmentId, batchId, batch, held, 'attendance', null, null);
    if (decided === 'issued') result.issued++;
    else if (decided === 'already') result.alreadyIssued++;
    else result.notEarned++;
  }
  await ref.update({ certificatesPending: FieldValue.delete(), updatedAt: serverTime() });
  return { ...result, auditId, outcome };
}

/**
 * The completion job: every open batch whose last session has ended is completed, and every completion cut
 * short is finished.
 */
export async function runCompletions(nowMs: number): Promise<CompletionResult & { batches: number }> {
  const [due, unfinished] = await Promise.all([
    batches().where('status', '==', 'open').where('endsAt', '<=', Timestamp.fromMillis(nowMs)).orderBy('endsAt').get(),
    batches().where('certificatesPending', '==', true).get(),
  ]);
  const total = { batches: 0, issued: 0, notEarned: 0, alreadyIssued: 0 };
  for (const doc of [...due.docs, ...unfinished.docs]) {
    const r = await completeBatch(doc.id, null, nowMs);
    if (r.outcome === 'already') continue;
    total.batches++;
    total.issued += r.issued;
    total.notEarned += r.notEarned;
    total.alreadyIssued += r.alreadyIssued;
  }
  return total;
}

/**
 * POST /api/staff/batches/{id}/complete. Pressed again after a busy answer, it finishes what the first press
 * began (the answer then counts the certificates the first press issued as `alreadyIssued`).
 */
export async function completeBatchAction(actor: StaffActor, id: string): Promise<StaffActionAnswer & CompletionResult> {
  const { auditId, issued, notEarned, alreadyIssued } = await withDeadline(completeBatch(id, actor, Date.now()));
  if (!auditId) throw new HttpError('failed-precondition', 'This batch is already completed.');
  return { ok: true, auditId, issued, notEarned, alreadyIssued };
}

/**
 * POST /api/staff/enrollments/{id}/certificate {issue, reason}: staff overrule the attendance rule. Issue:
 * at once if the batch has completed, else when it does. Withhold: no certificate at completion, and a
 * valid one already issued is revoked. Both are audited with the reason.
 */
export async function overrideCertificate(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(certificateOverrideSchema, body, 'Please check the decision.');
  const reason = input.reason.trim();
  const ref = enrollments().doc(id);
  const { batchId, auditId } = await withDeadline(
    runTransaction(async (tx) => {
      const enrollment = (await tx.get(ref)).data();
      if (!enrollment) throw enrollmentNotFound();
      if (enrollment.status !== 'paid' || !enrollment.batchId)
        throw new HttpError('failed-precondition', 'Only a paid learner in a batch has a certificate to decide.');
      const existing = enrollment.certificateCode ? (await tx.get(certificates().doc(enrollment.certificateCode))).data() : undefined;
      if (input.issue && existing?.status === 'valid')
        throw new HttpError(
          'failed-precondition',
          `This learner already has certificate ${formatCertificateCode(enrollment.certificateCode ?? '')}.`,
        );
      tx.update(ref, {
        certificateOverride: { issue: input.issue, reason, by: actor.email, at: serverTime() },
        // A revoked certificate makes way for a new one when staff issue again.
        ...(input.issue && existing ? { certificateCode: null } : {}),
        updatedAt: serverTime(),
      });
      if (!input.issue && existing?.status === 'valid' && enrollment.certificateCode) {
        tx.update(certificates().doc(enrollment.certificateCode), { status: 'revoked', revokedAt: serverTime(), revokedReason: reason });
      }
      return {
        batchId: enrollment.batchId,
        auditId: writeAudit(tx, actor, input.issue ? 'certificate-issued' : 'certificate-withheld', { kind: 'enrollment', id }, reason),
      };
    }),
  );
  if (input.issue) {
    const batch = (await withDeadline(batches().doc(batchId).get())).data();
    if (batch?.status === 'completed')
      await withDeadline(heldSessions(batchId, batch).then((held) => issueFor(id, batchId, batch, held, 'staff', null, reason)));
  }
  return { ok: true, auditId };
}

/** POST /api/staff/certificates/{code}/revoke {reason}: its page then says revoked, with the date. */
export async function revokeCertificate(actor: StaffActor, rawCode: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(certificateRevokeSchema, body, 'Please give a reason.');
  const code = normalizeCertificateCode(rawCode);
  if (!code) throw new HttpError('not-found', 'No such certificate.');
  const ref = certificates().doc(code);
  return withDeadline(
    runTransaction(async (tx) => {
      const cert = (await tx.get(ref)).data();
      if (!cert) throw new HttpError('not-found', 'No such certificate.');
      if (cert.status === 'revoked') throw new HttpError('failed-precondition', 'This certificate is already revoked.');
      tx.update(ref, { status: 'revoked', revokedAt: serverTime(), revokedReason: input.reason.trim() });
      return {
        ok: true as const,
        auditId: writeAudit(tx, actor, 'certificate-revoked', { kind: 'certificate', id: code }, input.reason.trim()),
      };
    }),
  );
}
