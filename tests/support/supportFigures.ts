import { Timestamp } from 'firebase-admin/firestore';
import { db } from './admin';

/**
 * Removes every support request made in the figures' eight weeks (and since), and the week documents the figures are
 * kept in (supportWeeks), so that a test's figures are what its own requests imply. The figures count everyone's requests, and the API suite runs its support file again
 * with the clock moved 9 and 400 days on (tests/vitest.config.ts), over the requests the earlier runs made.
 */
export async function emptySupportFigureWindow(nowMs: number): Promise<void> {
  const since = Timestamp.fromMillis(nowMs - 9 * 7 * 86_400_000);
  const [made, weeks] = await Promise.all([
    db().collection('supportRequests').where('createdAt', '>=', since).get(),
    db().collection('supportWeeks').where('weekStart', '>=', since).get(),
  ]);
  const writer = db().bulkWriter();
  for (const doc of [...made.docs, ...weeks.docs]) void writer.delete(doc.ref);
  await writer.close();
}
