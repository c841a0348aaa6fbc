import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { addDoc, collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rulesEnvironment } from '../support/rulesEnv';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await rulesEnvironment();
});

afterAll(async () => {
  await env?.cleanup();
});

describe('firestore.rules: clients touch nothing directly', () => {
  for (const collectionName of ['enrollments', 'contactMessages', 'rateLimits']) {
    it(`${collectionName}: no read, list or write, signed in or not`, async () => {
      const contexts = [
        env.unauthenticatedContext(),
        env.authenticatedContext('alice', { email: 'alice@example.com', email_verified: true }),
      ];
      for (const context of contexts) {
        const db = context.firestore();
        await assertFails(getDoc(doc(db, collectionName, 'any')));
        await assertFails(getDocs(collection(db, collectionName)));
        await assertFails(setDoc(doc(db, collectionName, 'new'), { uid: 'alice', price: 1 }));
      }
    });
  }
});

describe('firestore.rules: the staff console reads, with the staff claim only; nobody writes', () => {
  const STAFF_READABLE = ['enrollments', 'payments', 'contactMessages', 'staffAudit', 'consents'];
  const CLOSED_EVEN_TO_STAFF = [
    // Tax documents hold buyers' addresses: the Finance page reads a month's report through GET /api/staff/finance.
    'taxDocuments',
    'invoiceNumbers',
    // The reply clock's week figures: through GET /api/staff/messages/figures.
    'contactWeeks',
    'mail',
    'rateLimits',
    'orders',
    'webhookEvents',
    'paymentClaims',
    'idempotencyKeys',
    'newsletter',
    'newsletterSubscriptions',
    'accountRequests',
    // Mentoring is served by the functions only: profiles, bookings (with their meeting rooms), ledgers, placement requests.
    'mentors',
    'mentorBookings',
    // The console's mentor utilisation, a document a mentor and week: written with each booking, read by the console's API only.
    'mentorWeeks',
    'mentoringLedgers',
    // Graded work is served by the functions only: attempts, reviews in draft, extensions.
    'submissions',
    'assignmentWork',
    'placementRequests',
    // Support requests, their numbering and the console's week figures: the learner's through /api/support, the
    // team's through /api/staff/support.
    'supportRequests',
    'supportNumbers',
    'supportWeeks',
    // The console's review figures, a document a week: written with each released review, read by the console's API only.
    'reviewWeeks',
    // The Q&A forum: questions, answers and votes, through /api/qa only (nothing in it is public).
    'qaQuestions',
    'qaAnswers',
    'qaVotes',
    'qaReports',
    'qaWeeks',
    // An instructor's offerings, for their Q&A answer queue: written with each batch, read by /api/qa/queue only.
    'instructorOfferings',
    // Starter-lesson progress, through /api/starter and My Courses only.
    'starterProgress',
    // Teams and campuses: organisations, their orders and seats, through /api/team and /api/staff only.
    'organisations',
    'seatOrders',
    'seatLanes',
    'orderSeats',
    'bankTransfers',
    // The console's B2B revenue, a document a month: written with each B2B invoice and credit note, read by the API only.
    'b2bMonths',
    // The finance page's sums, a document per shard of a day: written with each tax document, read by the API only.
    'financeDays',
    // Resume and LinkedIn reviews (the learner's links among them), through /api/mentoring/career only.
    'careerReviews',
    // The job-search tracker's applications, through /api/mentoring/career/applications only; nudges, through /api/teaching.
    'jobApplications',
    'nudges',
    // Referral codes and credits: the learner's through /api/me/referrals, finance's figures through /api/staff.
    'referralCodes',
    'referralCredits',
    'anything',
  ];

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      // Only the readable ones: a denied read is denied whether or not the document exists (and a seeded
      // mail/{id} would wake the mail sender).
      for (const name of STAFF_READABLE)
        await setDoc(doc(db, name, 'seeded'), { email: 'someone@example.com', status: 'paid', price: 7799 });
    });
  });

  const staff = () => env.authenticatedContext('staffer', { email: 'staff@upskill.dev', email_verified: true, staff: true }).firestore();

  it('staff: get and list each console collection, including filtered and ordered queries', async () => {
    for (const name of STAFF_READABLE) {
      await assertSucceeds(getDoc(doc(staff(), name, 'seeded')));
      await assertSucceeds(getDocs(collection(staff(), name)));
    }
    await assertSucceeds(
      getDocs(query(collection(staff(), 'enrollments'), where('status', '==', 'paid'), orderBy('createdAt', 'desc'), limit(26))),
    );
  });

  it('staff: no write anywhere (changes go through the functions), and no read of anything else', async () => {
    for (const name of STAFF_READABLE) {
      await assertFails(setDoc(doc(staff(), name, 'seeded'), { status: 'refunded' }));
      await assertFails(updateDoc(doc(staff(), name, 'seeded'), { status: 'refunded' }));
      await assertFails(deleteDoc(doc(staff(), name, 'seeded')));
      await assertFails(addDoc(collection(staff(), name), { status: 'paid' }));
    }
    for (const name of CLOSED_EVEN_TO_STAFF) {
      await assertFails(getDoc(doc(staff(), name, 'seeded')));
      await assertFails(getDocs(collection(staff(), name)));
    }
  });

  it('anonymous, a signed-in learner, an admin without staff, and forged claim names or values read nothing', async () => {
    const outsiders = [
      env.unauthenticatedContext(),
      env.authenticatedContext('learner', { email: 'learner@example.com', email_verified: true }),
      env.authenticatedContext('admin-only', { admin: true }),
      env.authenticatedContext('cap', { Staff: true }),
      env.authenticatedContext('named', { isStaff: true }),
      env.authenticatedContext('roles', { roles: ['staff'] }),
      env.authenticatedContext('string', { staff: 'true' }),
      env.authenticatedContext('number', { staff: 1 }),
      env.authenticatedContext('false', { staff: false }),
    ];
    for (const context of outsiders) {
      const db = context.firestore();
      for (const name of STAFF_READABLE) {
        await assertFails(getDoc(doc(db, name, 'seeded')));
        await assertFails(getDocs(collection(db, name)));
        await assertFails(setDoc(doc(db, name, 'seeded'), { status: 'paid' }));
      }
    }
  });
});

describe('firestore.rules: live classes are read through the functions only', () => {
  // The meeting URL lives on the batch; attendance, calendar links and reminders are private. An instructor's
  // own batches come from GET /api/teaching, which checks the claim against each batch.
  const LIVE = ['batches', 'sessions', 'seats', 'seatBoards', 'attendance', 'calendarFeeds', 'reminders', 'waitlist'];
  it('an instructor, a learner, staff and anonymous: no read or write of any of them', async () => {
    const contexts = [
      env.unauthenticatedContext(),
      env.authenticatedContext('learner', { email: 'learner@example.com', email_verified: true }),
      env.authenticatedContext('teacher', { email: 'teacher@upskill.dev', email_verified: true, instructor: 'ananya' }),
      env.authenticatedContext('staffer', { email: 'staff@upskill.dev', email_verified: true, staff: true }),
    ];
    for (const context of contexts) {
      const db = context.firestore();
      for (const name of LIVE) {
        await assertFails(getDoc(doc(db, name, 'any')));
        await assertFails(getDocs(query(collection(db, name), where('instructor', '==', 'ananya'))));
        await assertFails(setDoc(doc(db, name, 'new'), { instructor: 'ananya', present: true }));
      }
    }
  });
});

describe('firestore.rules: support requests are read through the functions only', () => {
  it('a learner cannot read or write a request, not even one stored under their own uid, nor query their own', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'supportRequests', 'theirs'), { uid: 'learner', reference: 'SR-000001', state: 'open' });
    });
    const contexts = [
      env.unauthenticatedContext(),
      env.authenticatedContext('learner', { email: 'learner@example.com', email_verified: true }),
      env.authenticatedContext('other', { email: 'other@example.com', email_verified: true }),
      env.authenticatedContext('staffer', { email: 'staff@upskill.dev', email_verified: true, staff: true }),
    ];
    for (const context of contexts) {
      const db = context.firestore();
      await assertFails(getDoc(doc(db, 'supportRequests', 'theirs')));
      await assertFails(getDocs(query(collection(db, 'supportRequests'), where('uid', '==', 'learner'))));
      await assertFails(setDoc(doc(db, 'supportRequests', 'new'), { uid: 'learner', state: 'open' }));
      await assertFails(updateDoc(doc(db, 'supportRequests', 'theirs'), { state: 'closed' }));
      await assertFails(getDoc(doc(db, 'supportNumbers', 'next')));
    }
  });
});
