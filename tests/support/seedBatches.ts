import { OFFERINGS, PUBLIC_MAX_CAPACITY, firstMeetingOnOrAfter, indiaDate } from '@upskill/domain/batches';
import { PLAN_OFFERINGS_PER_REQUEST } from '@upskill/domain/staff';
import { call } from './api';
import { bearer } from './auth';
import { createStaff } from './staff';

/**
 * vitest globalSetup for the emulator suite: the API and browser tests enroll in real batches, so before
 * them staff open an intake three weeks out for every course and programme at every batch time (40 seats,
 * a public batch's most: real cohorts), through the console's own endpoint, a few offerings per request.
 * What the API files enroll in without naming a batch (the Cloud Computing programme, the default enrollment; Full
 * Stack Web Development, the mentoring buyer's; Data Science; the Machine Learning with Python course of the Q&A,
 * support and starter files; Python), all at Weekend Morning, gets a batch a week for the weeks it needs: each
 * enrollment takes the next batch when one fills.
 * The load test spreads its 300 learners over every programme and batch time, as real buyers are spread.
 */
export default async function seedBatches(): Promise<void> {
  // Both projects of the API run (side by side, then alone) name this file; the batches are opened once.
  if (process.env.UPSKILL_TEST_BATCHES_SEEDED) return;
  process.env.UPSKILL_TEST_BATCHES_SEEDED = '1';
  const staff = await createStaff();
  const started = Date.now();
  const from = indiaDate(Date.now() + 21 * 86_400_000);
  for (let i = 0; i < OFFERINGS.length; i += PLAN_OFFERINGS_PER_REQUEST) {
    const offerings = OFFERINGS.slice(i, i + PLAN_OFFERINGS_PER_REQUEST).map((o) => o.slug);
    const res = await call<{ created: number }>('POST', '/api/staff/batches/plan', {
      body: { from, capacity: PUBLIC_MAX_CAPACITY, offerings },
      headers: bearer(staff),
      client: 'seed-batches',
    });
    if (res.status !== 201) throw new Error(`seeding batches failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  // The programmes the API files enroll in without naming a batch (the default enrollment, the mentoring buyer, the
  // support and Q&A learners), each file run on three clocks: a batch a week for as many weeks as they need.
  const extra = [
    ...Array.from({ length: 14 }, (_, i) => ({ offering: 'cloud-computing', weeks: 4 + i })),
    ...Array.from({ length: 12 }, (_, i) => ({ offering: 'full-stack-web-development', weeks: 4 + i })),
    ...Array.from({ length: 4 }, (_, i) => ({ offering: 'data-science-and-analytics', weeks: 4 + i })),
    // The course the Q&A, support and starter files' learners buy (Machine Learning with Python), and Python's.
    ...Array.from({ length: 8 }, (_, i) => ({ offering: 'machine-learning-with-python', weeks: 4 + i })),
    ...Array.from({ length: 3 }, (_, i) => ({ offering: 'python-programming-foundations', weeks: 4 + i })),
  ];
  // Their own staff account: the console allows one account 60 requests a minute, and the intake above used some.
  const opener = await createStaff();
  for (const { offering, weeks } of extra) {
    const startDate = firstMeetingOnOrAfter('Weekend Morning', indiaDate(Date.now() + weeks * 7 * 86_400_000));
    const res = await call('POST', '/api/staff/batches', {
      body: { offering, batchTime: 'Weekend Morning', startDate, capacity: PUBLIC_MAX_CAPACITY },
      headers: bearer(opener),
      client: 'seed-batches',
    });
    if (res.status !== 201) throw new Error(`seeding batches failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  console.log(`seeded batches for ${OFFERINGS.length} offerings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
