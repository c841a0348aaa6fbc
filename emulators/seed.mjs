// Seeds the running emulators for QA: a demo account (listed in the README) with two enrollments, one paid
// (Pro, so it has its mentor call to book) and in a batch whose first class is live now, created through the
// real API so prices come from the server's catalogue; a Python batch near its end with graded work in every state;
// and two mentors with their hours.
import { HOSTING_URL, PROJECT_ID, PORTS } from './lib.mjs';
import { RAZORPAY_SANDBOX_ORIGIN } from '../config/localServices.mjs';
import { createAccount, json, signInAs } from './seedAccounts.mjs';
import { seedTeams } from './seedTeams.mjs';
import { seedCareer } from './seedCareer.mjs';

export const DEMO_ACCOUNT = { email: 'demo@upskill.dev', password: 'Upskill#2026', displayName: 'Asha Kapoor' };
/** The staff console's QA account: staff and admin (the claims `npm run staff -- grant --admin` sets). */
export const STAFF_ACCOUNT = { email: 'staff@upskill.dev', password: 'Staff#Upskill2026', displayName: 'Ravi Menon' };
/** Two mentors (the claim `npm run staff -- mentor` sets), one in Bengaluru and one in New York, with their hours. */
export const MENTOR_ACCOUNTS = [
  { email: 'mentor.bengaluru@upskill.dev', password: 'Mentor#Upskill2026', displayName: 'Kavitha Rao' },
  { email: 'mentor.newyork@upskill.dev', password: 'Mentor#Upskill2026', displayName: 'Daniel Price' },
];
const weekdays = (ranges) => Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, ranges]));
const MENTOR_PROFILES = [
  {
    name: 'Kavitha Rao',
    headline: 'Staff engineer, payments platform; 9 years in backend and system design',
    photo: null,
    courseIds: [1, 2, 3, 4],
    categories: ['Core Programming', 'AI & Data'],
    languages: ['English', 'Kannada', 'Hindi'],
    kinds: ['mentor-call', 'mock-interview', 'advisor-call'],
    availability: {
      timeZone: 'Asia/Kolkata',
      weekly: {
        ...weekdays([
          { start: '09:00', end: '13:00' },
          { start: '17:00', end: '21:00' },
        ]),
        6: [{ start: '10:00', end: '14:00' }],
      },
      overrides: [],
      bufferMinutes: 10,
      dailyMax: 6,
    },
  },
  {
    name: 'Daniel Price',
    headline: 'Engineering manager in New York; hires for frontend and full-stack roles',
    photo: null,
    courseIds: [1, 4, 7, 8],
    categories: ['Core Programming', 'AI & Data', 'Cloud & DevOps'],
    languages: ['English'],
    kinds: ['mentor-call', 'mock-interview'],
    availability: {
      timeZone: 'America/New_York',
      // Mornings in New York are evenings in India.
      weekly: { ...weekdays([{ start: '08:00', end: '11:00' }]), 6: [{ start: '09:00', end: '12:00' }] },
      overrides: [],
      bufferMinutes: 15,
      dailyMax: 4,
    },
  },
];

const FIRESTORE = `http://127.0.0.1:${PORTS.find((p) => p.name === 'firestore').port}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;

/** YYYY-MM-DD in India, `days` from now. */
const indiaDate = (days) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

/**
 * Batches for QA, opened the way staff would: an intake two weeks out for every course and programme
 * at every batch time (30 seats), a later one six weeks out, and one Python batch with a single seat
 * (enroll once and it is full: the waitlist is one more click away).
 */
async function seedBatches(staffToken) {
  const staff = { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` };
  // The offerings' slugs, as the public summary names them; a few per request (the endpoint's limit).
  const offerings = Object.keys((await fetch(`${HOSTING_URL}/api/batches/summary`).then(json)).offerings);
  for (const days of [14, 42]) {
    for (let i = 0; i < offerings.length; i += 6) {
      await fetch(`${HOSTING_URL}/api/staff/batches/plan`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({ from: indiaDate(days), capacity: 30, offerings: offerings.slice(i, i + 6) }),
      }).then(json);
    }
  }
  // The first Saturday at least a week out: a Weekend Morning batch meets on Saturdays.
  let offset = 7;
  while (new Date(`${indiaDate(offset)}T12:00:00+05:30`).getUTCDay() !== 6) offset++;
  await fetch(`${HOSTING_URL}/api/staff/batches`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      offering: 'python-programming-foundations',
      batchTime: 'Weekend Morning',
      startDate: indiaDate(offset),
      capacity: 1,
    }),
  }).then(json);
}

/** Sets timestamp fields of a document in the Firestore emulator (as its owner: no rules, no functions). */
async function setTimes(path, fields) {
  const mask = Object.keys(fields)
    .map((f) => `updateMask.fieldPaths=${f}`)
    .join('&');
  const body = {
    fields: Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [
        k,
        typeof v === 'string' ? { stringValue: v } : { timestampValue: new Date(v).toISOString() },
      ]),
    ),
  };
  await fetch(`${FIRESTORE}/${path}?${mask}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  }).then(json);
}

/**
 * The demo learner's live batch: a Full Stack (Weekday Evening) batch opened by staff for a week out, then
 * brought forward a week, with its first class moved to now: it began 15 minutes ago and runs 3 hours,
 * so whoever signs in as the demo learner after `npm start` can join a live class at once. Returns its id.
 */
async function seedLiveBatch(staffToken) {
  let offset = 7;
  while (![1, 3, 5].includes(new Date(`${indiaDate(offset)}T12:00:00+05:30`).getUTCDay())) offset++;
  const { batchId } = await fetch(`${HOSTING_URL}/api/staff/batches`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` },
    body: JSON.stringify({
      offering: 'full-stack-web-development',
      batchTime: 'Weekday Evening',
      startDate: indiaDate(offset),
      capacity: 30,
    }),
  }).then(json);
  return batchId;
}

/** A batch's session documents, as Firestore's REST API returns them. */
async function sessionDocs(batchId) {
  return fetch(`${FIRESTORE}:runQuery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'sessions' }],
        where: { fieldFilter: { field: { fieldPath: 'batchId' }, op: 'EQUAL', value: { stringValue: batchId } } },
      },
    }),
  })
    .then(json)
    .then((rows) => rows.map((r) => r.document).filter(Boolean));
}

/**
 * The demo learner's graded work: a paid place in a Python batch that has run most of its course (its last topic
 * began yesterday), so the QA person sees every state: Practice 1 passed long ago, Practice 2 returned an hour ago
 * with changes to make, the capstone awaiting review, and the reflection open. Each step goes through the API at
 * the time it would have happened (the emulator's x-emulator-now), the reviews by the staff account.
 */
async function seedAssignments(staffToken, learnerToken) {
  const DAY = 86_400_000;
  let offset = 7;
  while (![1, 3, 5].includes(new Date(`${indiaDate(offset)}T12:00:00+05:30`).getUTCDay())) offset++;
  const staff = { 'Content-Type': 'application/json', Authorization: `Bearer ${staffToken}` };
  const learner = { 'Content-Type': 'application/json', Authorization: `Bearer ${learnerToken}` };
  const { batchId } = await fetch(`${HOSTING_URL}/api/staff/batches`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      offering: 'python-programming-foundations',
      batchTime: 'Weekday Evening',
      startDate: indiaDate(offset),
      capacity: 30,
    }),
  }).then(json);
  const created = await fetch(`${HOSTING_URL}/api/enroll`, {
    method: 'POST',
    headers: { ...learner, 'Idempotency-Key': 'seed-demo-assignments' },
    body: JSON.stringify({
      name: DEMO_ACCOUNT.displayName,
      collegeName: 'Christ University, Bengaluru',
      email: DEMO_ACCOUNT.email,
      phone: '9876543210',
      ageDeclaration: 'adult',
      courseId: 1,
      interestedCourse: 'Full Stack Web Development',
      preferredBatchTime: 'Weekday Evening',
      batchId,
    }),
  }).then(json);
  await payInSandbox(created.id, learnerToken);

  // Time passes, by data: every session moves back so that the first one on the last topic began yesterday.
  const docs = await sessionDocs(batchId);
  const at = (doc, field) => Date.parse(doc.fields[field].timestampValue);
  const lastTopic = docs.reduce((a, b) => (Number(a.fields.index.integerValue) > Number(b.fields.index.integerValue) ? a : b)).fields.topic
    .stringValue;
  const firstOnLast = Math.min(...docs.filter((d) => d.fields.topic.stringValue === lastTopic).map((d) => at(d, 'startsAt')));
  const shift = Date.now() - DAY - firstOnLast;
  for (const doc of docs) {
    await setTimes(`sessions/${doc.name.split('/').pop()}`, { startsAt: at(doc, 'startsAt') + shift, endsAt: at(doc, 'endsAt') + shift });
  }
  const starts = docs.map((d) => at(d, 'startsAt') + shift);
  const ends = docs.map((d) => at(d, 'endsAt') + shift);
  await setTimes(`batches/${batchId}`, {
    startsAt: Math.min(...starts),
    endsAt: Math.max(...ends),
    startDate: new Date(Math.min(...starts) + 5.5 * 3_600_000).toISOString().slice(0, 10),
    endDate: new Date(Math.max(...ends) + 5.5 * 3_600_000).toISOString().slice(0, 10),
  });

  // The demo learner came to every class held so far, as the instructor's register says.
  for (const doc of docs) {
    if (at(doc, 'endsAt') + shift > Date.now()) continue;
    await fetch(`${HOSTING_URL}/api/teaching/sessions/${doc.name.split('/').pop()}/attendance`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ enrollmentId: created.id, present: true }),
    }).then(json);
  }

  const when = (ms) => ({ 'x-emulator-now': new Date(ms).toISOString() });
  const submit = (id, body, ms) =>
    fetch(`${HOSTING_URL}/api/assignments/${created.id}/${id}/submissions`, {
      method: 'POST',
      headers: { ...learner, ...when(ms) },
      body: JSON.stringify(body),
    }).then(json);
  const review = (submissionId, body, ms) =>
    fetch(`${HOSTING_URL}/api/assignments/reviews/${submissionId}`, {
      method: 'POST',
      headers: { ...staff, ...when(ms) },
      body: JSON.stringify({ ...body, release: true }),
    }).then(json);
  const { batches } = await fetch(`${HOSTING_URL}/api/assignments`, { headers: learner }).then(json);
  const mine = batches.find((b) => b.enrollmentId === created.id).assignments;
  const opened = (id) => Date.parse(mine.find((a) => a.id === id).opensAt);
  const first = await submit(
    'a1',
    { link: 'https://github.com/asha-kapoor/python-basics', text: 'A command-line budget tracker: lists, dicts and a few functions.' },
    opened('a1') + 3 * DAY,
  );
  await review(
    first.attempt.id,
    {
      scores: { works: 4, quality: 2, explained: 3 },
      comments: 'Clean, working and well explained. Split the longer functions next time.',
      result: 'passed',
    },
    opened('a1') + 4 * DAY,
  );
  const second = await submit('a2', { link: 'https://github.com/asha-kapoor/expense-report' }, Date.now() - 2 * DAY);
  await review(
    second.attempt.id,
    {
      scores: { works: 2, quality: 2, explained: 1 },
      comments: 'The report runs, but a bad row stops it.',
      changes: 'Catch the ValueError for malformed rows, and add a pytest for it.',
      result: 'needs-work',
    },
    Date.now() - 3_600_000,
  );
  await submit(
    'a3',
    { link: 'https://github.com/asha-kapoor/capstone', text: 'The capstone: a small inventory service with tests.' },
    Date.now() - 3 * 3_600_000,
  );
}

/** Pays an enrollment through the Razorpay sandbox, the way a browser pays. */
async function payInSandbox(enrollmentId, idToken) {
  const owner = { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` };
  const order = await fetch(`${HOSTING_URL}/api/enroll/${enrollmentId}/checkout`, { method: 'POST', headers: owner, body: '{}' }).then(
    json,
  );
  const result = await fetch(`${RAZORPAY_SANDBOX_ORIGIN}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: order.keyId, order_id: order.orderId, method: 'upi', outcome: 'pay', email: DEMO_ACCOUNT.email }),
  }).then(json);
  await fetch(`${HOSTING_URL}/api/enroll/${enrollmentId}/payment`, { method: 'POST', headers: owner, body: JSON.stringify(result) }).then(
    json,
  );
}

async function bringLiveBatchToNow(batchId) {
  const week = 7 * 86_400_000;
  const documents = await sessionDocs(batchId);
  const now = Date.now();
  for (const doc of documents) {
    const id = doc.name.split('/').pop();
    const index = Number(doc.fields.index.integerValue);
    const startsAt = index === 0 ? now - 15 * 60_000 : Date.parse(doc.fields.startsAt.timestampValue) - week;
    const endsAt = index === 0 ? now + 165 * 60_000 : Date.parse(doc.fields.endsAt.timestampValue) - week;
    await setTimes(`sessions/${id}`, { startsAt, endsAt });
  }
  await setTimes(`batches/${batchId}`, { startsAt: now - 15 * 60_000, startDate: indiaDate(0) });
}

/** The mentors: accounts with the mentor claim, and their profiles and hours saved through the API as a mentor would. */
async function seedMentors() {
  for (const [i, account] of MENTOR_ACCOUNTS.entries()) {
    await createAccount(account, { mentor: true });
    const token = await signInAs(account);
    await fetch(`${HOSTING_URL}/api/mentoring/profile`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(MENTOR_PROFILES[i]),
    }).then(json);
  }
}

export async function seed() {
  await createAccount(STAFF_ACCOUNT, { staff: true, admin: true });
  await seedMentors();
  const staffToken = await signInAs(STAFF_ACCOUNT);
  await seedBatches(staffToken);
  const liveBatchId = await seedLiveBatch(staffToken);
  // Something for the console's Messages tab.
  await fetch(`${HOSTING_URL}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fullName: 'Meera Iyer',
      email: 'meera.iyer@example.com',
      mobile: '+91 98450 12345',
      courseInterest: 'Data Science',
      message: 'Is there a weekend batch for the data science course starting next month? I work weekdays.',
    }),
  }).then(json);
  await createAccount(DEMO_ACCOUNT);
  const idToken = await signInAs(DEMO_ACCOUNT);

  // The demo learner agreed to the account terms when they signed up (as the site records at sign-in).
  await fetch(`${HOSTING_URL}/api/me/consents`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ kind: 'account-terms' }),
  }).then(json);
  const base = {
    name: DEMO_ACCOUNT.displayName,
    collegeName: 'Christ University, Bengaluru',
    email: DEMO_ACCOUNT.email,
    phone: '9876543210',
    ageDeclaration: 'adult',
  };
  const enrollments = [
    { ...base, planId: 'pro', interestedCourse: 'Full Stack Web Development', preferredBatchTime: 'Weekday Evening', batchId: liveBatchId },
    { ...base, courseId: 4, interestedCourse: 'Artificial Intelligence & Machine Learning', preferredBatchTime: 'Weekend Morning' },
  ];
  const created = [];
  for (const [i, body] of enrollments.entries()) {
    created.push(
      await fetch(`${HOSTING_URL}/api/enroll`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}`, 'Idempotency-Key': `seed-demo-${i}` },
        body: JSON.stringify(body),
      }).then(json),
    );
  }
  // The first one paid through the Razorpay sandbox, the way a browser pays: My Courses shows a Paid
  // enrollment with its receipt and one awaiting payment with Pay now.
  await payInSandbox(created[0].id, idToken);
  // Only now, with the seat paid (a batch that has begun takes no enrollments), does its first class begin.
  await bringLiveBatchToNow(liveBatchId);
  await seedAssignments(staffToken, idToken);
  await seedSupportRequest(idToken, created[0].id);
  await seedQa(idToken);
  await seedStarter(idToken);
  await seedCareer(idToken, await signInAs(MENTOR_ACCOUNTS[0]), created[0].id);
  await seedTeams(staffToken);
}

/** The Full Stack starter lessons the demo learner's Pro plan opens: the first one read and marked done. */
async function seedStarter(idToken) {
  const res = await fetch(`${HOSTING_URL}/api/starter/full-stack-web-development/how-the-web-answers/done`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ done: true }),
  });
  if (res.status !== 200) throw new Error(`seeding starter-lesson progress failed: ${res.status} ${await res.text()}`);
}

/**
 * The Python course's Q&A space (the demo learner's Python batch gives it): one question Kavitha Rao (a mentor of
 * the course) answered and the learner accepted, and one still waiting for a mentor.
 */
async function seedQa(idToken) {
  const post = (path, token, body) =>
    fetch(`${HOSTING_URL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(json);
  const answered = await post('/api/qa/spaces/course-1/questions', idToken, {
    title: 'Why does my list change when I change its copy?',
    body: 'I wrote:\n\n```python\na = [1, 2]\nb = a\nb.append(3)\nprint(a)  # [1, 2, 3]?\n```\n\nWhy did `a` change?',
  });
  const mentorToken = await signInAs(MENTOR_ACCOUNTS[0]);
  const reply = await post(`/api/qa/questions/${answered.id}/answers`, mentorToken, {
    body: '`b = a` does not copy the list: both names point at the same list. Copy it with `b = a.copy()` or `b = list(a)`.',
  });
  await post(`/api/qa/questions/${answered.id}/accept`, idToken, { answerId: reply.id });
  await post('/api/qa/spaces/course-1/questions', idToken, {
    title: 'When should I use a tuple instead of a list?',
    body: 'Both hold several values. Is a tuple only a list that cannot change?',
  });
}

/** One open support request from the demo learner about their paid enrollment: the console's Support tab has it waiting. */
async function seedSupportRequest(idToken, enrollmentId) {
  const res = await fetch(`${HOSTING_URL}/api/support`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}`, 'Idempotency-Key': 'seed-demo-support' },
    body: JSON.stringify({
      topic: 'payment',
      enrollmentId,
      message: 'My GST invoice shows Karnataka, but I moved to Pune last month. Can the next invoice show Maharashtra?',
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`seeding the support request failed: ${res.status} ${await res.text()}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed().then(
    () =>
      console.log(
        'Seeded the demo account with its enrollments, graded work, starter-lesson progress, an open support request, Q&A questions and career reviews in each state, the staff account, two mentors, a contact message, and a demo company and college with their admins, members and paid orders.',
      ),
    (err) => {
      console.error(`Seeding failed: ${err.message}`);
      process.exit(1);
    },
  );
}
