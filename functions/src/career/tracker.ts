import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  applicationDayProblems,
  jobApplicationSchema,
  MAX_APPLICATIONS,
  TRACKER_PLANS,
  type JobApplicationView,
  type JobTrackerAnswer,
} from '@upskill/domain/career';
import { indiaDate } from '@upskill/domain/batches';
import { enrollmentsOwnedBy } from '../enrollment/access';
import type { EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { sha256 } from '../http/request';
import { allowanceViews, mentoringPurchases, mentoringSource } from '../mentoring/allowances';
import { mentorBookings } from '../mentoring/store';
import { collection, type Stored } from '../platform/collections';
import { entitledAt } from '../subscriptions/entitled';

// The job-search tracker (#57): Platinum and Elite learners' own applications. Only the learner reads or writes them.

const applications = () => collection('jobApplications');
type Stored_ = Stored<'jobApplications'>;
const notFound = () => new HttpError('not-found', 'No such application.');

/** A purchase whose plan includes the tracker now: paid or a charged membership (not a trial). */
const givesTracker = (doc: EnrollmentDoc, nowMs: number) =>
  TRACKER_PLANS.includes(doc.planId ?? '') && entitledAt(doc, nowMs) && !mentoringSource(doc).inTrial;

async function included(account: DecodedIdToken, nowMs: number): Promise<boolean> {
  return (await enrollmentsOwnedBy(account)).some((d) => givesTracker(d.data(), nowMs));
}

const view = (id: string, doc: Stored_): JobApplicationView => ({
  id,
  company: doc.company,
  role: doc.role,
  link: doc.link,
  stage: doc.stage,
  appliedOn: doc.appliedOn,
  interviewOn: doc.interviewOn,
  notes: doc.notes,
  updatedAt: new Date(doc.updatedAt.toMillis()).toISOString(),
});

/** GET /api/mentoring/career/applications: the learner's applications (newest first) and the mock interviews they have left. */
export async function jobTracker(account: DecodedIdToken, nowMs: number): Promise<JobTrackerAnswer> {
  const [owned, mine, bookings] = await Promise.all([
    included(account, nowMs),
    withDeadline(applications().where('uid', '==', account.uid).get()),
    withDeadline(mentorBookings().where('learnerUid', '==', account.uid).get()),
  ]);
  const mock = allowanceViews(
    await mentoringPurchases(
      account,
      bookings.docs.map((d) => d.data()),
      nowMs,
    ),
  ).filter((a) => a.kind === 'mock-interview' && !a.inTrial && a.left > 0);
  return {
    included: owned,
    applications: mine.docs
      .map((d) => view(d.id, d.data()))
      .sort((a, b) => b.appliedOn.localeCompare(a.appliedOn) || b.updatedAt.localeCompare(a.updatedAt)),
    mockInterviews: mock[0]?.summary ?? null,
  };
}

/** The input, validated, with its days checked against India's today. */
async function input(body: unknown, nowMs: number) {
  const value = await validateBody(jobApplicationSchema, body, 'Check the application.');
  const days = applicationDayProblems(value, indiaDate(nowMs));
  if (Object.keys(days).length) throw new HttpError('invalid-argument', 'Check the application.', days);
  return {
    company: value.company.trim(),
    role: value.role.trim(),
    link: value.link ? value.link.trim() : null,
    stage: value.stage,
    appliedOn: value.appliedOn,
    interviewOn: value.stage === 'interview' || value.interviewOn ? (value.interviewOn ?? null) : null,
    notes: value.notes.trim(),
  };
}

/**
 * POST /api/mentoring/career/applications with an Idempotency-Key: a new application. Its document id is the account's
 * and the key's, so a request sent again (a retry after a busy answer, a second click) finds the first.
 */
export async function addApplication(
  account: DecodedIdToken,
  body: unknown,
  key: string | undefined,
  nowMs: number,
): Promise<JobApplicationView> {
  if (!key || !/^[A-Za-z0-9_-]{8,64}$/.test(key))
    throw new HttpError('invalid-argument', 'Send an Idempotency-Key header (8–64 letters, digits, - or _).');
  const fields = await input(body, nowMs);
  if (!(await included(account, nowMs)))
    throw new HttpError('permission-denied', 'The job-search tracker comes with Platinum and the Elite Learning Membership.');
  // A document id the route's id pattern takes (letters and digits), the same for the same account and key.
  const ref = applications().doc(sha256(`${account.uid}:${key}`).slice(0, 40));
  return withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      if (existing) return view(ref.id, existing);
      const count = (await tx.get(applications().where('uid', '==', account.uid).count())).data().count;
      if (count >= MAX_APPLICATIONS)
        throw new HttpError('failed-precondition', `The tracker keeps up to ${MAX_APPLICATIONS} applications: delete old ones first.`);
      const at = Timestamp.fromMillis(nowMs);
      const doc = { uid: account.uid, ...fields, createdAt: at, updatedAt: at };
      tx.create(ref, doc);
      return view(ref.id, doc);
    }),
  );
}

/** PUT /api/mentoring/career/applications/{id}: the learner's own application, changed whole (a new stage, say). */
export async function updateApplication(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<JobApplicationView> {
  const fields = await input(body, nowMs);
  const ref = applications().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc || doc.uid !== account.uid) throw notFound();
      const next = { ...doc, ...fields, updatedAt: Timestamp.fromMillis(nowMs) };
      tx.set(ref, next);
      return view(id, next);
    }),
  );
}

/** DELETE /api/mentoring/career/applications/{id}: gone for good (the learner's own notes). */
export async function deleteApplication(account: DecodedIdToken, id: string): Promise<{ deleted: string }> {
  const ref = applications().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc || doc.uid !== account.uid) throw notFound();
      tx.delete(ref);
      return { deleted: id };
    }),
  );
}
