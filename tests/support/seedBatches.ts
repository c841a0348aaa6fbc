import { indiaDate } from '@upskill/domain/batches';
import { call } from './api';
import { bearer } from './auth';
import { createStaff } from './staff';

/**
 * vitest globalSetup for the emulator suite: the API and browser tests enroll in real batches, so before
 * them staff open three intakes (2, 6 and 10 weeks out) for every course and programme at every batch
 * time, through the console's own endpoint. 200 seats each: the load test alone enrolls 300 learners in
 * one offering at one time, and takes the next intake when the first fills.
 */
export default async function seedBatches(): Promise<void> {
  const staff = await createStaff();
  for (const weeks of [2, 6, 10]) {
    const from = indiaDate(Date.now() + weeks * 7 * 86_400_000);
    const res = await call<{ created: number }>('POST', '/api/staff/batches/plan', { body: { from, capacity: 200 }, headers: bearer(staff), client: 'seed-batches' });
    if (res.status !== 201) throw new Error(`seeding batches failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
