import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { CollectionName } from '@upskill/domain/records';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { enrollmentsOwnedBy } from '../enrollment/access';
import { consentsAbout, type ConsentDoc } from '../consents/store';
import { collection, type Stored } from '../platform/collections';

type Snap<C extends CollectionName> = QueryDocumentSnapshot<Stored<C>>;

/**
 * Everything stored about one account that export and deletion both deal with, found once, the same way
 * for both (docs/decisions/0019): what the download shows is what deletion erases or pseudonymises.
 * Records kept under an e-mail address count only when the account's address is verified (an
 * unverified one may be someone else's).
 */
export interface PersonalRecords {
  email: string | undefined;
  enrollments: Snap<'enrollments'>[];
  contactMessages: Snap<'contactMessages'>[];
  waitlist: Snap<'waitlist'>[];
  mail: Snap<'mail'>[];
  calendarFeeds: Snap<'calendarFeeds'>[];
  accountRequests: Snap<'accountRequests'>[];
  /** Issued to the account, or for one of its enrollments. */
  certificates: Snap<'certificates'>[];
  consents: Map<string, ConsentDoc>;
  /** Support requests the account opened, with their threads. */
  supportRequests: Snap<'supportRequests'>[];
  /** Questions and answers they posted in the Q&A forum. */
  qaQuestions: Snap<'qaQuestions'>[];
  qaAnswers: Snap<'qaAnswers'>[];
  /** Starter lessons they marked done, per programme. */
  starterProgress: Snap<'starterProgress'>[];
  /** Mentoring: their bookings (with the mentor's notes and scorecards), allowance ledgers and placement requests. */
  mentorBookings: Snap<'mentorBookings'>[];
  mentoringLedgers: Snap<'mentoringLedgers'>[];
  placementRequests: Snap<'placementRequests'>[];
  /** Graded work: each assignment's record and every attempt with its review. */
  assignmentWork: Snap<'assignmentWork'>[];
  submissions: Snap<'submissions'>[];
  /** Seats an organisation gave them (teams and campuses): the organisation keeps the record, with their name taken off on deletion. */
  orderSeats: Snap<'orderSeats'>[];
  /** Resume and LinkedIn reviews: the links and roles sent, and each released review. */
  careerReviews: Snap<'careerReviews'>[];
  /** The job-search tracker's applications: theirs alone, erased with the account. */
  jobApplications: Snap<'jobApplications'>[];
  /** Nudges for falling behind, one per enrollment, with the instructor's note: erased with the account. */
  nudges: Snap<'nudges'>[];
  /** Their referral code: erased with the account. */
  referralCodes: Snap<'referralCodes'>[];
  /** Credits friends earned them (forfeited with the account). */
  referralCredits: Snap<'referralCredits'>[];
  /** Credits their own purchases earned a friend: the friend's, kept, with this learner's name taken off. */
  referredBy: Snap<'referralCredits'>[];
}

const docs = async <C extends CollectionName>(name: C, field: string, value: string): Promise<Snap<C>[]> =>
  (await withDeadline(collection(name).where(field, '==', value).get())).docs;

/** Each of a list of values' matches, deduplicated (queries keyed by enrollment; no `in` limit to mind). */
export async function byEach<C extends CollectionName>(name: C, field: string, values: readonly string[]): Promise<Snap<C>[]> {
  const found = await Promise.all(values.map((value) => docs(name, field, value)));
  const byId = new Map<string, Snap<C>>();
  for (const list of found) for (const item of list) byId.set(item.id, item);
  return [...byId.values()];
}

export async function personalRecords(user: { uid: string; email?: string; emailVerified: boolean }): Promise<PersonalRecords> {
  const email = user.email && user.emailVerified ? user.email.toLowerCase() : undefined;
  const enrollments = await enrollmentsOwnedBy({ uid: user.uid, email: user.email, email_verified: user.emailVerified });
  const byEmail = <C extends CollectionName>(name: C, field: string) =>
    email ? docs(name, field, email) : Promise.resolve([] as Snap<C>[]);
  // Named reads, run at once: an entry cannot be filed under another collection's name by its position.
  const found = await allOf({
    contactMessages: byEmail('contactMessages', 'email'),
    waitlist: byEmail('waitlist', 'email'),
    mail: byEmail('mail', 'to'),
    calendarFeeds: docs('calendarFeeds', 'uid', user.uid),
    accountRequests: email ? docs('accountRequests', 'emailHash', sha256(email)) : Promise.resolve([] as Snap<'accountRequests'>[]),
    certificatesByUid: docs('certificates', 'uid', user.uid),
    certificatesByEnrollment: byEach(
      'certificates',
      'enrollmentId',
      enrollments.map((d) => d.id),
    ),
    consents: withDeadline(consentsAbout(user.uid, email ? sha256(email) : null)),
    supportRequests: docs('supportRequests', 'uid', user.uid),
    qaQuestions: docs('qaQuestions', 'authorUid', user.uid),
    qaAnswers: docs('qaAnswers', 'authorUid', user.uid),
    starterProgress: docs('starterProgress', 'uid', user.uid),
    mentorBookings: docs('mentorBookings', 'learnerUid', user.uid),
    mentoringLedgers: docs('mentoringLedgers', 'uid', user.uid),
    placementRequests: docs('placementRequests', 'uid', user.uid),
    assignmentWork: docs('assignmentWork', 'uid', user.uid),
    submissions: docs('submissions', 'uid', user.uid),
    orderSeats: docs('orderSeats', 'uid', user.uid),
    careerReviews: docs('careerReviews', 'uid', user.uid),
    jobApplications: docs('jobApplications', 'uid', user.uid),
    nudges: byEach(
      'nudges',
      'enrollmentId',
      enrollments.map((d) => d.id),
    ),
    referralCodes: docs('referralCodes', 'uid', user.uid),
    referralCredits: docs('referralCredits', 'referrerUid', user.uid),
    referredBy: byEach(
      'referralCredits',
      'friendEnrollmentId',
      enrollments.map((d) => d.id),
    ),
  });
  const { certificatesByUid, certificatesByEnrollment, ...records } = found;
  const certificates = new Map([...certificatesByUid, ...certificatesByEnrollment].map((snap) => [snap.id, snap]));
  return { email, enrollments, ...records, certificates: [...certificates.values()] };
}

/** An object of promises, settled at once, as an object of their values under the same names. */
async function allOf<T extends Record<string, Promise<unknown>>>(reads: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.all(Object.entries(reads).map(async ([name, read]) => [name, await read] as const));
  return Object.fromEntries(settled) as { [K in keyof T]: Awaited<T[K]> };
}
