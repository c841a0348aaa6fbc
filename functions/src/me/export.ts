import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import type { DataExport, ExportedRecord, ExportedValue } from '@upskill/domain/account';
import { COMPANY } from '@upskill/domain/common';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { renderMail } from '../mail/templates';
import type { MailDoc } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { collection } from '../platform/collections';
import { byEach, personalRecords } from './records';

/**
 * Secrets and search helpers we keep for the learner, not about them: never part of an export. A booking's meeting
 * room is the mentor's and opens only from the join endpoint inside its window.
 */
const WITHHELD = new Set([
  'editTokenHashes',
  'searchKeys',
  'offerTokenHash',
  'nonce',
  'ticket',
  'oobCode',
  'tokenHash',
  'token',
  'meetingUrl',
]);

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

const records = (snaps: readonly { id: string; data(): unknown }[]): ExportedRecord[] => snaps.map((d) => record(d.id, d.data()));

/** A mail as the learner saw it: its subject, not its links (some of which still work). */
function mailRecord(id: string, doc: MailDoc): ExportedRecord {
  let subject = doc.template as string;
  try {
    subject = renderMail(doc, { site: COMPANY.siteUrl, newsletter: { confirm: '', unsubscribe: '' } }).subject;
  } catch {
    // A template that cannot render without its data keeps its kind as the subject.
  }
  return {
    id,
    template: doc.template,
    subject,
    to: doc.to,
    status: doc.status,
    createdAt: plain(doc.createdAt),
    sentAt: plain(doc.sentAt),
  };
}

const iso = (text: string | undefined) => (text ? new Date(text).toISOString() : null);

/** Everything we hold about one account (docs/decisions/0019). */
export async function exportFor(uid: string, nowMs = Date.now()): Promise<DataExport> {
  const user: UserRecord = await withDeadline(getAuth(adminApp()).getUser(uid));
  const held = await personalRecords(user);
  const ids = held.enrollments.map((d) => d.id);
  const [payments, taxDocuments, attendance, newsletter, staffAudit] = await Promise.all([
    byEach('payments', 'enrollmentId', ids),
    byEach('taxDocuments', 'enrollmentId', ids),
    byEach('attendance', 'enrollmentId', ids),
    held.email
      ? withDeadline(collection('newsletterSubscriptions').doc(sha256(held.email)).get()).then((d) =>
          d.exists ? record(d.id, d.data()) : null,
        )
      : Promise.resolve(null),
    byEach('staffAudit', 'targetId', [...ids, ...held.contactMessages.map((m) => m.id), ...held.supportRequests.map((r) => r.id)]),
  ]);

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
    enrollments: records(held.enrollments),
    payments: records(payments),
    taxDocuments: records(taxDocuments),
    certificates: records(held.certificates),
    attendance: records(attendance),
    waitlist: records(held.waitlist),
    mail: held.mail.map((d) => mailRecord(d.id, d.data())),
    contactMessages: records(held.contactMessages),
    newsletter,
    consents: [...held.consents.entries()].map(([id, doc]) => record(id, doc)),
    calendarFeeds: records(held.calendarFeeds),
    accountRequests: records(held.accountRequests),
    supportRequests: records(held.supportRequests),
    qaPosts: [...records(held.qaQuestions), ...records(held.qaAnswers)],
    starterProgress: records(held.starterProgress),
    mentorBookings: records(held.mentorBookings),
    mentoringLedgers: records(held.mentoringLedgers),
    placementRequests: records(held.placementRequests),
    assignmentWork: records(held.assignmentWork),
    // A review is the learner's once released; a reviewer's draft is not yet.
    submissions: held.submissions.map((d) => record(d.id, { ...d.data(), review: d.data().review?.releasedAt ? d.data().review : null })),
    staffAudit: records(staffAudit),
    organisationSeats: records(held.orderSeats),
    // Released reviews are the learner's; a reviewer's draft is not yet.
    jobApplications: records(held.jobApplications),
    nudges: records(held.nudges),
    referralCodes: records(held.referralCodes),
    referralCredits: [...records(held.referralCredits), ...records(held.referredBy)],
    careerReviews: held.careerReviews.map((d) =>
      record(d.id, { ...d.data(), versions: d.data().versions.map((v) => ({ ...v, review: v.review?.releasedAt ? v.review : null })) }),
    ),
  };
}
