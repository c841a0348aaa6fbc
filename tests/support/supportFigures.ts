import { Timestamp } from 'firebase-admin/firestore';
import { db } from './admin';

const WEEK_MS = 7 * 86_400_000;

/**
 * Removes every support request made in the figures' eight weeks (and the week after), and the week documents the
 * figures are kept in (supportWeeks), so that a test's figures are what its own requests imply. The figures count
 * everyone's requests, and the API suite runs its support file again with the clock moved 9 and 400 days on
 * (tests/vitest.config.ts), over the requests the earlier runs made. Bounded on both sides: a run empties its own
 * window, never the requests another clock made months or a year later.
 */
export async function emptySupportFigureWindow(nowMs: number): Promise<void> {
  const since = Timestamp.fromMillis(nowMs - 9 * WEEK_MS);
  const until = Timestamp.fromMillis(nowMs + WEEK_MS);
  const [made, weeks] = await Promise.all([
    db().collection('supportRequests').where('createdAt', '>=', since).where('createdAt', '<', until).get(),
    db().collection('supportWeeks').where('weekStart', '>=', since).where('weekStart', '<', until).get(),
  ]);
  const writer = db().bulkWriter();
  for (const doc of [...made.docs, ...weeks.docs]) void writer.delete(doc.ref);
  await writer.close();
}
