// Seeds teams and campuses for QA (issue 56), through the real API as their people would: a demo company whose admin
// bought 10 Pro seats online (three members took theirs with codes), and a demo college whose 20 places in a Python
// batch were paid by bank transfer net of TDS (two students joined through the campus link). Accounts in the README.
import { HOSTING_URL } from './lib.mjs';
import { createAccount, json, signInAs } from './seedAccounts.mjs';
import { RAZORPAY_SANDBOX_ORIGIN } from '../config/localServices.mjs';

export const TEAM_ADMIN = { email: 'hr@acme.upskill.dev', password: 'Team#Upskill2026', displayName: 'Anita Rao' };
export const CAMPUS_ADMIN = { email: 'placements@rvce.upskill.dev', password: 'Team#Upskill2026', displayName: 'Prakash Hegde' };
const MEMBERS = ['priya', 'arjun', 'fatima'].map((n) => ({
  email: `${n}@acme.upskill.dev`,
  password: 'Member#Upskill2026',
  displayName: `${n[0].toUpperCase()}${n.slice(1)} (Acme)`,
}));
const STUDENTS = ['kiran', 'divya'].map((n) => ({
  email: `${n}@students.rvce.upskill.dev`,
  password: 'Member#Upskill2026',
  displayName: `${n[0].toUpperCase()}${n.slice(1)} (RVCE)`,
}));

/** A verified account, signed in: its ID token. */
async function account(person) {
  await createAccount(person);
  return signInAs(person);
}

const post = (path, token, body) =>
  fetch(`${HOSTING_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then(json);

const claim = (token, credentials) =>
  post('/api/seats/claim', token, {
    ...credentials,
    interestedCourse: 'Data Science & Analytics',
    preferredBatchTime: 'Weekday Evening',
    shareProgress: true,
  });

/** Both organisations, created by staff (as the console does), each with its admin, a paid order and some members. */
export async function seedTeams(staffToken) {
  const adminToken = await account(TEAM_ADMIN);
  const company = await post('/api/staff/organisations', staffToken, {
    kind: 'team',
    legalName: 'Acme Analytics Private Limited',
    address: '4th Floor, Lodha Excelus, Mahalaxmi, Mumbai 400011',
    state: '27',
    gstin: '27AAPFU0939F1ZV',
    domains: [],
    admin: TEAM_ADMIN.email,
  });
  const quote = await post(`/api/team/${company.id}/quotes`, adminToken, {
    kind: 'plan',
    planId: 'pro',
    seats: 10,
    poNumber: 'ACME/PO/2026/118',
  });
  const checkout = await post(`/api/team/${company.id}/orders/${quote.id}/checkout`, adminToken, {});
  const result = await fetch(`${RAZORPAY_SANDBOX_ORIGIN}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      key_id: checkout.keyId,
      order_id: checkout.gatewayOrderId,
      method: 'netbanking',
      outcome: 'pay',
      email: TEAM_ADMIN.email,
    }),
  }).then(json);
  await post(`/api/team/${company.id}/orders/${quote.id}/payment`, adminToken, result);
  const { codes } = await post(`/api/team/${company.id}/orders/${quote.id}/codes`, adminToken, { count: MEMBERS.length });
  for (const [i, member] of MEMBERS.entries()) await claim(await account(member), { code: codes[i] });
  await post(`/api/team/${company.id}/orders/${quote.id}/invitations`, adminToken, { emails: ['new.joiner@acme.upskill.dev'] });

  const campusToken = await account(CAMPUS_ADMIN);
  const college = await post('/api/staff/organisations', staffToken, {
    kind: 'campus',
    legalName: 'RV College of Engineering',
    address: 'Mysore Road, RV Vidyaniketan Post, Bengaluru 560059',
    state: '29',
    gstin: '29AAACI1681G1ZL',
    domains: ['students.rvce.upskill.dev'],
    admin: CAMPUS_ADMIN.email,
  });
  const { batches } = await fetch(`${HOSTING_URL}/api/batches?offering=python-programming-foundations`).then(json);
  const batch = batches.find((b) => b.status === 'open' && b.seatsLeft >= 20);
  if (!batch) throw new Error('seeding the college: no Python batch with 20 places');
  const order = await post(`/api/team/${college.id}/quotes`, campusToken, { kind: 'course', batchId: batch.id, seats: 20, poNumber: null });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await post(`/api/staff/seat-orders/${order.id}/transfers`, staffToken, {
    utr: 'SBIN426113370042',
    date: today,
    amount: order.tax.total - order.tdsAllowed,
  });
  await post(`/api/staff/seat-orders/${order.id}/tds`, staffToken, { amount: order.tdsAllowed });
  const key = college.joinPath.split('/').pop();
  for (const student of STUDENTS) await claim(await account(student), { joinKey: key });
}
