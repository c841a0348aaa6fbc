import { Timestamp } from 'firebase-admin/firestore';
import { assignmentDates, assignmentsFor, assignmentWorkId } from '@upskill/domain/assignments';
import { batchLabel, findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { behindLabel, behindNow, sessionStatus, type BehindCause } from '@upskill/domain/learning';
import type { StaffActionAnswer } from '@upskill/domain/staff';
import { atRiskNoteSchema } from '@upskill/domain/teaching';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { writeAudit } from '../audit/staffAudit';
import { batches, type BatchDoc } from '../batches/store';
import { sessionTimes, topicSessions } from '../learning/store';
import { queueMail } from '../mail/outbox';
import { collection, type Stored } from '../platform/collections';
import { chunks } from '../platform/chunks';
import { db } from '../platform/database';
import { mayTeach, type Teacher } from './access';
import { batchData, type BatchData } from './list';

const nudges = () => collection('nudges');
/** A batch is looked at from its start until this long after its end (an assignment falls due after the last class). */
const AFTER_END_DAYS = 7;

export interface NudgeRun {
  sent: number;
  alreadySent: number;
}

/** Why each learner of a running batch is behind now: two held classes missed in a row, or work past due. */
async function causesIn(batch: BatchDoc, data: BatchData, nowMs: number): Promise<Map<string, BehindCause[]>> {
  const held = data.sessions.filter(({ doc }) => sessionStatus(sessionTimes(doc), nowMs) === 'held');
  const present = new Set(data.attendance.filter((a) => a.present).map((a) => `${a.sessionId}|${a.enrollmentId}`));
  const offering = findOffering(batch.offering);
  const assignments = offering ? assignmentsFor(offering) : [];
  const onTopics = topicSessions({ sessions: data.sessions });
  const works =
    assignments.length && data.learners.length
      ? (
          await Promise.all(
            chunks(
              data.learners.flatMap((l) =>
                assignments.map((a) => collection('assignmentWork').doc(assignmentWorkId(l.enrollmentId, a.id))),
              ),
              300,
            ).map((refs) => db().getAll(...refs)),
          )
        ).flat()
      : [];
  const workOf = new Map(works.map((snap) => [snap.id, snap.data() as Stored<'assignmentWork'> | undefined]));
  const found = new Map<string, BehindCause[]>();
  for (const { enrollmentId } of data.learners) {
    const causes = behindNow(
      held.map(({ id, doc }) => ({ id, number: doc.index + 1, attended: present.has(`${id}|${enrollmentId}`) })),
      assignments.flatMap((a) => {
        const work = workOf.get(assignmentWorkId(enrollmentId, a.id));
        const dates = assignmentDates(a, onTopics, work?.extension?.days ?? 0);
        return dates
          ? [{ assignmentId: a.id, title: a.title, dueAtMs: dates.dueAtMs, submitted: Boolean(work && work.state !== 'not-started') }]
          : [];
      }),
      nowMs,
    );
    if (causes.length) found.set(enrollmentId, causes);
  }
  return found;
}

/**
 * The nudge job, as of `nowMs`: each learner of a running batch who is behind (learning/progress.ts) gets one mail
 * per cause, signed by the batch's instructor, and is put on the instructor's at-risk list. The cause is added to
 * nudges/{enrollmentId} with its mail in one transaction: however often the job runs, a cause is nudged once.
 */
export async function runNudges(nowMs: number, onlyBatch?: string): Promise<NudgeRun> {
  const run: NudgeRun = { sent: 0, alreadySent: 0 };
  const since = nowMs - AFTER_END_DAYS * 86_400_000;
  // Started and not yet completed (the completion job closes a batch soon after its last class), or completed within the
  // window: never the batches planned ahead, which a sweep of "ends after the window opens" read too.
  const recent = onlyBatch
    ? [await withDeadline(batches().doc(onlyBatch).get())]
    : (
        await withDeadline(
          Promise.all([
            batches().where('status', '==', 'open').where('startsAt', '<=', Timestamp.fromMillis(nowMs)).get(),
            batches().where('status', '==', 'completed').where('endsAt', '>=', Timestamp.fromMillis(since)).get(),
          ]),
        )
      ).flatMap((snap) => snap.docs);
  const running = recent.flatMap((d) => {
    const doc = d.data();
    return doc && doc.status !== 'cancelled' && doc.startsAt.toMillis() <= nowMs && doc.endsAt.toMillis() >= since
      ? [{ id: d.id, doc }]
      : [];
  });
  if (running.length === 0) return run;
  const data = await batchData(running, nowMs);
  for (const { id: batchId, doc: batch } of running) {
    const facts = data.get(batchId)!;
    const causes = await causesIn(batch, facts, nowMs);
    const nudged = new Map(facts.nudges.map((n) => [n.enrollmentId, n]));
    for (const [enrollmentId, list] of causes) {
      const learner = facts.learners.find((l) => l.enrollmentId === enrollmentId)!.enrollment;
      for (const cause of list) {
        if (nudged.get(enrollmentId)?.causes[cause.key]) {
          run.alreadySent++;
          continue;
        }
        const sent = await withDeadline(
          runTransaction(async (tx) => {
            const ref = nudges().doc(enrollmentId);
            const current = (await tx.get(ref)).data();
            if (current?.causes[cause.key]) return false;
            const at = Timestamp.fromMillis(nowMs);
            const label = behindLabel(cause);
            const mailId = queueMail(tx, learner.email, {
              template: 'nudge',
              data: {
                enrollmentId,
                name: learner.name,
                offering: findOffering(batch.offering)?.name ?? batch.offering,
                batch: batchLabel(batch),
                instructor: INSTRUCTORS[batch.instructor].name,
                kind: cause.kind,
                cause: label,
              },
            });
            tx.set(ref, {
              batchId,
              enrollmentId,
              causes: { ...(current?.causes ?? {}), [cause.key]: { label, at, mailId } },
              note: current?.note ?? null,
              noteBy: current?.noteBy ?? null,
              noteAt: current?.noteAt ?? null,
              updatedAt: at,
            });
            return true;
          }),
        );
        if (sent) run.sent++;
        else run.alreadySent++;
      }
    }
  }
  return run;
}

/** POST /api/teaching/learners/{enrollmentId}/note {note}: the instructor's note on a learner of their at-risk list ("" clears it). */
export async function noteAtRisk(teacher: Teacher, enrollmentId: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(atRiskNoteSchema, body, 'Please check the note.');
  const note = input.note.trim();
  const notFound = () => new HttpError('not-found', 'No such learner on your at-risk list.');
  return withDeadline(
    runTransaction(async (tx) => {
      const ref = nudges().doc(enrollmentId);
      const nudge = (await tx.get(ref)).data();
      if (!nudge) throw notFound();
      const batch = (await tx.get(batches().doc(nudge.batchId))).data();
      // Another instructor's learner is the same 404 as one never nudged.
      if (!batch || !mayTeach(teacher, batch)) throw notFound();
      const at = Timestamp.now();
      tx.update(ref, { note: note || null, noteBy: note ? teacher.email : null, noteAt: note ? at : null, updatedAt: at });
      return { ok: true as const, auditId: writeAudit(tx, teacher, 'at-risk-noted', { kind: 'enrollment', id: enrollmentId }, note) };
    }),
  );
}
