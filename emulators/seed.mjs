// Seeds the running emulators for QA: a demo account (listed in the README) with two enrollments, one paid
// (Pro, so it has its mentor call to book) and in a batch whose first class is live now, created through the
// real API so prices come from the server's catalogue; and two mentors with their hours.
import { HOSTING_URL, PROJECT_ID, PORTS } from './lib.mjs';
import { RAZORPAY_SANDBOX_ORIGIN } from '../config/localServices.mjs';

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

const authPort = PORTS.find((p) => p.name === 'auth').port;
const AUTH = `http://127.0.0.1:${authPort}`;
const FIRESTORE = `http://127.0.0.1:${PORTS.find((p) => p.name === 'firestore').port}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;

async function json(res) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function createAccount(account, claims) {
  const { localId } = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ ...account, emailVerified: true }),
  }).then(json);
  if (claims) {
    await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, customAttributes: JSON.stringify(claims) }),
    }).then(json);
  }
}

/** YYYY-MM-DD in India, `days` from now. */
const indiaDate = (days) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

async function signInAs(account) {
  const { idToken } = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  }).then(json);
  return idToken;
}

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

async function bringLiveBatchToNow(batchId) {
  const week = 7 * 86_400_000;
  const { documents = [] } = await fetch(`${FIRESTORE}:runQuery`, {
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
    .then((rows) => ({ documents: rows.map((r) => r.document).filter(Boolean) }));
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
  await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ ...DEMO_ACCOUNT, emailVerified: true }),
  }).then(json);
  const { idToken } = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, returnSecureToken: true }),
  }).then(json);

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
  const owner = { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` };
  const order = await fetch(`${HOSTING_URL}/api/enroll/${created[0].id}/checkout`, { method: 'POST', headers: owner, body: '{}' }).then(
    json,
  );
  const result = await fetch(`${RAZORPAY_SANDBOX_ORIGIN}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: order.keyId, order_id: order.orderId, method: 'upi', outcome: 'pay', email: DEMO_ACCOUNT.email }),
  }).then(json);
  await fetch(`${HOSTING_URL}/api/enroll/${created[0].id}/payment`, { method: 'POST', headers: owner, body: JSON.stringify(result) }).then(
    json,
  );
  // Only now, with the seat paid (a batch that has begun takes no enrollments), does its first class begin.
  await bringLiveBatchToNow(liveBatchId);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed().then(
    () => console.log('Seeded the demo account and its enrollments, the staff account, two mentors and a contact message.'),
    (err) => {
      console.error(`Seeding failed: ${err.message}`);
      process.exit(1);
    },
  );
}
