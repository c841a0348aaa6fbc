import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { CalendarFeedAnswer } from '@upskill/domain/enrollment';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { db } from '../platform/database';
import { calendarFeeds, type Account } from './store';
import { runTransaction } from '../http/transaction';

/** A feed token: 32 random bytes, URL-safe. Only its hash is stored; the URL is shown to its owner once per creation. */
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (site: string, token: string) => `${site}/api/calendar/feed/${token}.ics`;

/** POST /api/calendar/feed: a new private URL for the caller's calendar; any earlier one stops working. */
export async function createFeed(caller: Account, site: string): Promise<CalendarFeedAnswer> {
  const token = randomBytes(32).toString('base64url');
  await withDeadline(
    runTransaction(async (tx) => {
      const old = await tx.get(calendarFeeds().where('uid', '==', caller.uid));
      for (const doc of old.docs) tx.delete(doc.ref);
      tx.create(calendarFeeds().doc(sha256(token)), { uid: caller.uid, createdAt: FieldValue.serverTimestamp() as unknown as Timestamp });
    }),
  );
  const url = feedUrl(site, token);
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** DELETE /api/calendar/feed: the caller's subscription URL stops working. */
export async function revokeFeeds(caller: Account): Promise<{ revoked: number }> {
  const old = await withDeadline(calendarFeeds().where('uid', '==', caller.uid).get());
  const wb = db().batch();
  for (const doc of old.docs) wb.delete(doc.ref);
  await withDeadline(wb.commit());
  return { revoked: old.size };
}

const feedNotFound = () =>
  new HttpError('not-found', 'This calendar link is not valid or has been replaced. Get a new one from My Courses.');

/** The account a feed token belongs to; a malformed, unknown or revoked token is the same 404. */
export async function feedOwner(token: string): Promise<string> {
  if (!FEED_TOKEN_PATTERN.test(token)) throw feedNotFound();
  const feed = (await withDeadline(calendarFeeds().doc(sha256(token)).get())).data();
  if (!feed) throw feedNotFound();
  return feed.uid;
}
