import { randomUUID } from 'node:crypto';
import type { CreatedEnrollment, EnrollmentRecord, OrderCheckout } from '@upskill/domain/enrollment';
import { HOUR_MS } from '@upskill/domain/common';
import { MIN_NOTICE_HOURS, type MentorDeskAnswer } from '@upskill/domain/mentoring';
import { adminAuth } from './admin';
import { call, enrollment, untilAnswered } from './api';
import { bearer, createUser, signIn, type TestUser } from './auth';
import { sandboxPay } from './razorpay';
import { staffCli } from './staff';

/** Every day 06:00–22:00 in the zone, no buffer, up to 12 a day: plenty of slots to contend over. */
export const allDay = (timeZone: string) => ({
  timeZone,
  weekly: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '06:00', end: '22:00' }]])),
  overrides: [],
  bufferMinutes: 0,
  dailyMax: 12,
});

/** A new account made a mentor by the staff CLI, as staff would, with its profile saved through the API. */
export async function newMentor(
  name: string,
  timeZone: string,
  kinds = ['mentor-call', 'mock-interview', 'advisor-call'],
  client?: string,
  /** 'cli' as staff would (the API tests); 'admin' sets the same claim without a process (the browser tests, which share the CPU). */
  via: 'cli' | 'admin' = 'cli',
  courseIds: number[] = [1, 4],
): Promise<TestUser> {
  const user = await createUser({ emailVerified: true, email: `mentor.${randomUUID().slice(0, 8)}@upskill.dev` });
  if (via === 'cli') {
    const cli = staffCli('mentor', user.email);
    if (cli.status !== 0) throw new Error(`npm run staff -- mentor failed: ${cli.stderr}`);
  } else {
    await adminAuth().setCustomUserClaims(user.uid, { mentor: true });
  }
  const mentor = { ...user, idToken: await signIn(user) };
  const saved = await untilAnswered(() =>
    call<MentorDeskAnswer>('PUT', '/api/mentoring/profile', {
      body: {
        name,
        headline: 'Senior engineer',
        photo: null,
        courseIds,
        categories: ['Core Programming'],
        languages: ['English'],
        kinds,
        availability: allDay(timeZone),
      },
      headers: bearer(mentor),
      client,
    }),
  );
  if (saved.status !== 200) throw new Error(`saving the mentor's profile failed: ${saved.status} ${saved.text}`);
  return mentor;
}

/**
 * A learner who bought `planId` through checkout and the Razorpay sandbox (`extra`: more of the form, e.g. a Custom
 * plan's courseIds; `existing`: an account that buys it, else a new one).
 */
export async function buyer(
  planId: string,
  client?: string,
  extra: Record<string, unknown> = {},
  /** Someone who already has an account (another enrollment, say): they buy this plan too. */
  existing?: TestUser,
): Promise<{ learner: TestUser; enrollmentId: string }> {
  const learner = existing ?? (await createUser({ emailVerified: true }));
  const created = await call<CreatedEnrollment>('POST', '/api/enroll', {
    body: enrollment({ email: learner.email, planId, courseId: undefined, interestedCourse: 'Full Stack Web Development', ...extra }),
    headers: bearer(learner),
    client,
  });
  if (created.status !== 201) throw new Error(`enrolling failed: ${created.status} ${created.text}`);
  const edit = { 'X-Edit-Token': created.body.editToken };
  const order = await call<OrderCheckout>('POST', `/api/enroll/${created.body.id}/checkout`, { body: {}, headers: edit, client });
  const paid = await sandboxPay(order.body.orderId);
  const confirmed = await call<EnrollmentRecord>('POST', `/api/enroll/${created.body.id}/payment`, {
    body: paid.body,
    headers: edit,
    client,
  });
  if (confirmed.status !== 200) throw new Error(`paying failed: ${confirmed.status} ${confirmed.text}`);
  return { learner, enrollmentId: created.body.id };
}

/**
 * A slot to book that stays bookable while the test books it: the first that starts an hour or more past the
 * minimum notice. The first slot listed can sit right at that edge, and a booking sent seconds later, once the next
 * half hour has begun, is refused as no longer free (run AI, 1 December, at 12:30 UTC).
 */
export function slotWellAhead<T extends { startMs: number }>(slots: readonly T[], nowMs = Date.now()): T {
  const slot = slots.find((s) => s.startMs >= nowMs + (MIN_NOTICE_HOURS + 1) * HOUR_MS);
  if (!slot) throw new Error(`no slot an hour past the ${MIN_NOTICE_HOURS}-hour notice among ${slots.length}`);
  return slot;
}
