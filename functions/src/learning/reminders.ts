import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { holdsPlace } from '@upskill/domain/enrollment';
import { batchLabel, findOffering } from '@upskill/domain/batches';
import { BATCH_REMINDER_HOURS_BEFORE, SESSION_REMINDER_MINUTES_BEFORE, reminderId, type ReminderKind } from '@upskill/domain/learning';
import type { MailMessage } from '@upskill/domain/records';
import { GRPC, errorCode } from '../http/errors';
import { db } from '../platform/database';
import { batches, seats, sessions } from '../batches/store';
import { enrollments } from '../enrollment/store';
import { queueMail } from '../mail/outbox';
import { reminders } from './store';

export interface ReminderRun {
  /** Mails queued by this run. */
  sent: number;
  /** Reminders another run (or an earlier one) had already sent. */
  alreadySent: number;
}

/** The paid learners of a batch with a confirmed seat: who is reminded. */
async function learners(batchId: string) {
  const confirmed = (await seats().where('batchId', '==', batchId).get()).docs
    .map((d) => d.data())
    .filter((s) => s.state === 'confirmed' && s.enrollmentId);
  const found = await Promise.all(
    confirmed.map((s) =>
      enrollments()
        .doc(s.enrollmentId ?? '')
        .get(),
    ),
  );
  return found
    .filter((snap) => holdsPlace(snap.data()?.status ?? 'refunded') && snap.data()?.batchId === batchId)
    .map((snap) => ({ id: snap.id, doc: snap.data()! }));
}

/**
 * One reminder: its record and its mail in one atomic batch of writes whose record is a create. A second
 * run, a retried run or an overlapping one finds the record there and its whole batch fails: one mail
 * per learner per session, without a read to race. Mentoring's reminders (mentoring/reminders.ts) go through it too.
 */
export async function remind(
  kind: ReminderKind,
  subjectId: string,
  version: number,
  enrollmentId: string,
  to: string,
  message: MailMessage,
  run: ReminderRun,
) {
  const wb = db().batch();
  const mailId = queueMail(wb, to, message);
  wb.create(reminders().doc(reminderId(kind, subjectId, version, enrollmentId)), {
    kind,
    subjectId,
    version,
    enrollmentId,
    mailId,
    createdAt: FieldValue.serverTimestamp() as unknown as Timestamp,
  });
  try {
    await wb.commit();
    run.sent++;
  } catch (err) {
    if (errorCode(err) !== GRPC.ALREADY_EXISTS) throw err;
    run.alreadySent++;
  }
}

/**
 * The reminder job, as of `nowMs` (the scheduler passes its clock; `npm run jobs -- reminders --as-of`
 * any other): a mail the day before each batch starts and before each session, to each learner with a
 * confirmed seat. Whatever is due and not yet sent goes now; what has started is no longer reminded of.
 */
export async function runReminders(nowMs: number): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, alreadySent: 0 };
  const now = Timestamp.fromMillis(nowMs);

  const starting = await batches()
    .where('startsAt', '>', now)
    .where('startsAt', '<=', Timestamp.fromMillis(nowMs + BATCH_REMINDER_HOURS_BEFORE * 3_600_000))
    .get();
  for (const doc of starting.docs) {
    const batch = doc.data();
    if (batch.status !== 'open') continue;
    const first = (await sessions().doc(`${doc.id}_0`).get()).data();
    const offering = findOffering(batch.offering)?.name ?? batch.offering;
    for (const learner of await learners(doc.id)) {
      await remind(
        'batch-start',
        doc.id,
        0,
        learner.id,
        learner.doc.email,
        {
          template: 'batch-starting',
          data: {
            enrollmentId: learner.id,
            name: learner.doc.name,
            offering,
            batch: batchLabel(batch),
            startsAt: batch.startsAt.toDate().toISOString(),
            topic: first?.topic ?? '',
          },
        },
        run,
      );
    }
  }

  const due = await sessions()
    .where('startsAt', '>', now)
    .where('startsAt', '<=', Timestamp.fromMillis(nowMs + SESSION_REMINDER_MINUTES_BEFORE * 60_000))
    .get();
  const batchCache = new Map<string, Awaited<ReturnType<typeof learners>>>();
  for (const doc of due.docs) {
    const session = doc.data();
    if (session.status === 'cancelled') continue;
    const batch = (await batches().doc(session.batchId).get()).data();
    if (!batch || batch.status !== 'open') continue;
    if (!batchCache.has(session.batchId)) batchCache.set(session.batchId, await learners(session.batchId));
    const offering = findOffering(batch.offering)?.name ?? batch.offering;
    for (const learner of batchCache.get(session.batchId) ?? []) {
      await remind(
        'session',
        doc.id,
        session.sequence ?? 0,
        learner.id,
        learner.doc.email,
        {
          template: 'session-reminder',
          data: {
            enrollmentId: learner.id,
            name: learner.doc.name,
            offering,
            topic: session.topic,
            startsAt: session.startsAt.toDate().toISOString(),
            endsAt: session.endsAt.toDate().toISOString(),
          },
        },
        run,
      );
    }
  }
  return run;
}
