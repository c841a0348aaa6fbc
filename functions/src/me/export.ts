import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { Timestamp, type Query } from 'firebase-admin/firestore';
import type { DataExport, ExportedRecord, ExportedValue } from '@upskill/domain/account';
import { COMPANY } from '@upskill/domain/company';
import type { CollectionName } from '@upskill/domain/documents';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { enrollmentsOwnedBy } from '../enrollment/access';
import { renderMail } from '../mail/templates';
import type { MailDoc } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { collection } from '../platform/collections';
import { consentsAbout } from '../consents/store';

/** Secrets and search helpers we keep for the learner, not about them: never part of an export. */
const WITHHELD = new Set(['editTokenHashes', 'searchKeys', 'offerTokenHash', 'nonce', 'ticket', 'oobCode', 'tokenHash', 'token']);

/** A stored value as JSON: timestamps as ISO strings, secrets left out. */
function plain(value: unknown): ExportedValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    const out: Record<string, ExportedValue> = {};
    for (const [key, field] of Object.entries(value)) if (!WITHHELD.has(key)) out[key] = plain(field);
    return out;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

const record = (id: string, data: unknown): ExportedRecord => ({ ...(plain(data) as Record<string, ExportedValue>), id });

async function all<T>(query: Query<T>): Promise<ExportedRecord[]> {
  return (await withDeadline(query.get())).docs.map((d) => record(d.id, d.data()));
}

/** Each of a list of values' matches, for queries keyed by enrollment (no `in` limit to mind). */
async function byEach(name: CollectionName, field: string, values: readonly string[]): Promise<ExportedRecord[]> {
  const found = await Promise.all(values.map((value) => all(collection(name).where(field, '==', value))));
  const byId = new Map<string, ExportedRecord>();
  for (const list of found) for (const item of list) byId.set(item.id, item);
  return [...byId.values()];
}

/** A mail as the learner saw it: its subject, not its links (some of which still work). */
function mailRecord(id: string, doc: MailDoc): ExportedRecord {
  let subject = doc.template as string;
  try {
    subject = renderMail(doc, { site: COMPANY.siteUrl, newsletter: { confirm: '', unsubscribe: '' } }).subject;
  } catch {
    // A template that cannot render without its data keeps its kind as the subject.
  }
  return { id, template: doc.template, subject, to: doc.to, status: doc.status, createdAt: plain(doc.createdAt), sentAt: plain(doc.sentAt) };
}

const iso = (text: string | undefined) => (text ? new Date(text).toISOString() : null);

/** Everything we hold about one account (docs/decisions/0019). */
export async function exportFor(uid: string, nowMs = Date.now()): Promise<DataExport> {
  const user: UserRecord = await withDeadline(getAuth(adminApp()).getUser(uid));
  const email = user.email && user.emailVerified ? user.email.toLowerCase() : undefined;
  const owned = await enrollmentsOwnedBy({ uid, email: user.email, email_verified: user.emailVerified });
  const ids = owned.map((d) => d.id);
  const byEmail = async (name: CollectionName, field: string) => (email ? all(collection(name).where(field, '==', email)) : []);

  const [payments, taxDocuments, certificatesByEnrollment, certificatesByUid, attendance, waitlist, mail, contactMessages, calendarFeeds, accountRequests, newsletter, consentsFound] =
    await Promise.all([
      byEach('payments', 'enrollmentId', ids),
      byEach('taxDocuments', 'enrollmentId', ids),
      byEach('certificates', 'enrollmentId', ids),
      all(collection('certificates').where('uid', '==', uid)),
      byEach('attendance', 'enrollmentId', ids),
      byEmail('waitlist', 'email'),
      email ? withDeadline(collection('mail').where('to', '==', email).get()).then((s) => s.docs.map((d) => mailRecord(d.id, d.data()))) : Promise.resolve([]),
      byEmail('contactMessages', 'email'),
      all(collection('calendarFeeds').where('uid', '==', uid)),
      email ? all(collection('accountRequests').where('emailHash', '==', sha256(email))) : Promise.resolve([]),
      email ? withDeadline(collection('newsletterSubscriptions').doc(sha256(email)).get()).then((d) => (d.exists ? record(d.id, d.data()) : null)) : Promise.resolve(null),
      withDeadline(consentsAbout(uid, email ? sha256(email) : null)),
    ]);
  const certificates = new Map([...certificatesByEnrollment, ...certificatesByUid].map((c) => [c.id, c]));
  const staffAudit = await byEach('staffAudit', 'targetId', [...ids, ...contactMessages.map((m) => m.id)]);

  return {
    exportedAt: new Date(nowMs).toISOString(),
    about:
      `Everything ${COMPANY.name} holds about this account on the day above. Enrollments include any membership ` +
      '(its subscription) and course credits. Records kept under an e-mail address are included only once that ' +
      'address is verified. Secrets that protect your links (their hashes) are left out.',
    account: {
      uid,
      email: user.email ?? null,
      emailVerified: user.emailVerified,
      displayName: user.displayName ?? null,
      signInMethods: user.providerData.map((p) => p.providerId),
      createdAt: iso(user.metadata.creationTime),
      lastSignInAt: iso(user.metadata.lastSignInTime),
    },
    enrollments: owned.map((d) => record(d.id, d.data())),
    payments,
    taxDocuments,
    certificates: [...certificates.values()],
    attendance,
    waitlist,
    mail,
    contactMessages,
    newsletter,
    consents: [...consentsFound.entries()].map(([id, doc]) => record(id, doc)),
    calendarFeeds,
    accountRequests,
    staffAudit,
  };
}
