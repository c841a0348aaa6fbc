import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { batchLabel, findOffering, type InstructorKey } from '@upskill/domain/batches';
import {
  RECORDING_DUE_HOURS,
  RECORDING_MISSING_LIST_DAYS,
  RECORDING_REMINDER_LOOKBACK_DAYS,
  recordingDueAtMs,
  type MissingRecording,
  type StaffRecordingsAnswer,
} from '@upskill/domain/learning';
import { instructorKeyOf } from '@upskill/domain/teaching';
import { HOUR_MS, DAY_MS } from '@upskill/domain/common';
import { withDeadline } from '../http/handler';
import { adminApp } from '../platform/app';
import { db } from '../platform/database';
import { batches, sessions, type BatchDoc } from '../batches/store';
import { remind, type ReminderRun } from './reminders';

/** The most sessions one look reads: a launch-sized timetable's eight weeks, several times over. */
const SESSIONS_READ = 3000;

interface Missing extends MissingRecording {
  instructorKey: InstructorKey;
}

/**
 * Held sessions that ended between `sinceDays` ago and RECORDING_DUE_HOURS ago with no recording: one range read
 * of the sessions by their end, then their batches by id (a cancelled batch owes none).
 */
async function missingSince(nowMs: number, sinceDays: number): Promise<Missing[]> {
  const ended = await withDeadline(
    sessions()
      .where('endsAt', '>=', Timestamp.fromMillis(nowMs - sinceDays * DAY_MS))
      .where('endsAt', '<', Timestamp.fromMillis(nowMs - RECORDING_DUE_HOURS * HOUR_MS))
      .orderBy('endsAt', 'asc')
      .limit(SESSIONS_READ)
      .get(),
  );
  const owed = ended.docs.filter((snap) => snap.data().status !== 'cancelled' && !snap.data().recordingUrl);
  if (owed.length === 0) return [];
  const batchIds = [...new Set(owed.map((snap) => snap.data().batchId))];
  const batchSnaps = await withDeadline(db().getAll(...batchIds.map((id) => batches().doc(id))));
  const batchOf = new Map<string, BatchDoc>();
  for (const snap of batchSnaps) {
    const batch = snap.data() as BatchDoc | undefined;
    if (batch && batch.status !== 'cancelled') batchOf.set(snap.id, batch);
  }
  return owed.flatMap((snap) => {
    const session = snap.data();
    const batch = batchOf.get(session.batchId);
    if (!batch) return [];
    const endsAtMs = session.endsAt.toMillis();
    return [
      {
        sessionId: snap.id,
        batchId: session.batchId,
        batchLabel: batchLabel(batch),
        offering: findOffering(batch.offering)?.name ?? batch.offering,
        number: session.index + 1,
        topic: session.topic,
        instructor: INSTRUCTORS[batch.instructor]?.name ?? batch.instructor,
        instructorKey: batch.instructor,
        endsAt: new Date(endsAtMs).toISOString(),
        dueAt: new Date(recordingDueAtMs({ endsAtMs })).toISOString(),
      },
    ];
  });
}

/** GET /api/staff/recordings: the held sessions of the last RECORDING_MISSING_LIST_DAYS whose recording is past due, oldest first. */
export async function staffRecordings(nowMs: number): Promise<StaffRecordingsAnswer> {
  const missing = await missingSince(nowMs, RECORDING_MISSING_LIST_DAYS);
  return { missing: missing.map(({ instructorKey: _key, ...row }) => row), now: new Date(nowMs).toISOString() };
}

/** The accounts that teach as each instructor profile (a scan of the accounts, as the Team tab does). */
async function teachingAccounts(): Promise<Map<InstructorKey, { uid: string; email: string }[]>> {
  const byKey = new Map<InstructorKey, { uid: string; email: string }[]>();
  let pageToken: string | undefined;
  do {
    const page = await withDeadline(getAuth(adminApp()).listUsers(1000, pageToken));
    for (const user of page.users) {
      const key = instructorKeyOf(user.customClaims ?? {});
      if (key && user.email) byKey.set(key, [...(byKey.get(key) ?? []), { uid: user.uid, email: user.email }]);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return byKey;
}

/**
 * Part of the reminder job: each recording past due (of sessions that ended within the last
 * RECORDING_REMINDER_LOOKBACK_DAYS) is mailed to the accounts teaching as the batch's instructor, once per session
 * and account (the reminder record and its mail are one write, as for the learners' reminders).
 */
export async function remindMissingRecordings(nowMs: number, run: ReminderRun): Promise<void> {
  const missing = await missingSince(nowMs, RECORDING_REMINDER_LOOKBACK_DAYS);
  if (missing.length === 0) return;
  const accounts = await teachingAccounts();
  for (const m of missing) {
    for (const account of accounts.get(m.instructorKey) ?? []) {
      await remind(
        'recording-missing',
        m.sessionId,
        0,
        account.uid,
        account.email,
        {
          template: 'recording-missing',
          data: {
            name: m.instructor,
            offering: m.offering,
            batch: m.batchLabel,
            number: m.number,
            topic: m.topic,
            endedAt: m.endsAt,
            dueAt: m.dueAt,
          },
        },
        run,
      );
    }
  }
}
