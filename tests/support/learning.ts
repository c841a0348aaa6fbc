import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { OrderCheckout, CreatedEnrollment } from '@upskill/domain/enrollment';
import { firstMeetingOnOrAfter, indiaDate } from '@upskill/domain/batches';
import { call, enrollment, untilAnswered, withKey, wasMade } from './api';
import { db } from './admin';
import { bearer, createUser, type TestUser } from './auth';
import { sandboxPay } from './razorpay';
import { createStaff } from './staff';
import { seededInt } from './seededRandom';

/** The course these fixtures enroll in: Python Programming Foundations, 8 weeks of the Weekday Evening timetable (24 sessions). */
export const COURSE = { slug: 'python-programming-foundations', id: 1, name: 'Python Programming Foundations' };

const MIN = 60_000;

/**
 * A new batch of COURSE, opened by staff through the console's endpoint (so it has its sessions and meeting room); with
 * `campus` (an organisation's id), a campus batch for it, which may seat more than a public batch's 40.
 */
/**
 * The start dates this test process has drawn: each openBatch takes one no other has, so that the resend check below
 * can tell a duplicate from a sibling (twenty batches opened at once by one staff member drew the same date in more
 * than half of the runs, and the check then counted the sibling as a resend's second batch).
 */
const drawnStartDates = new Set<string>();

function unusedStartDate(): string {
  let startDate = firstMeetingOnOrAfter('Weekday Evening', indiaDate(Date.now() + (30 + seededInt(200)) * 86_400_000));
  // Taken: the next meeting day after it (Weekday Evening meets three days a week, so the walk is short).
  while (drawnStartDates.has(startDate))
    startDate = firstMeetingOnOrAfter('Weekday Evening', indiaDate(Date.parse(`${startDate}T12:00:00+05:30`) + 86_400_000));
  drawnStartDates.add(startDate);
  return startDate;
}

export async function openBatch(staff?: TestUser, capacity = 10, campus?: string): Promise<string> {
  const actor = staff ?? (await createStaff());
  const startDate = unusedStartDate();
  // Set-up, not what is tested: a busy answer (503 at the request's deadline on a loaded machine) is sent again, as
  // the console would; any other failure stops the test.
  const res = await untilAnswered(() =>
    call<{ batchId: string }>('POST', '/api/staff/batches', {
      body: { offering: COURSE.slug, batchTime: 'Weekday Evening', startDate, capacity, ...(campus ? { campus } : {}) },
      headers: bearer(actor),
      client: `staff-${randomUUID().slice(0, 6)}`,
    }),
  );
  if (res.status !== 201) throw new Error(`opening a batch failed: ${res.status} ${JSON.stringify(res.body)}`);
  // The console's create takes no key: a resend after a busy answer must not have opened a second batch.
  if (res.busy.length) {
    const same = await db().collection('batches').where('offering', '==', COURSE.slug).where('startDate', '==', startDate).get();
    const mine = await db().collection('staffAudit').where('actorUid', '==', actor.uid).where('action', '==', 'batch-created').get();
    const opened = mine.docs.filter((d) => same.docs.some((b) => b.id === d.get('targetId')));
    if (opened.length !== 1) throw new Error(`a resent batch create opened ${opened.length} batches for ${startDate}`);
  }
  return res.body.batchId;
}

/** A signed-in learner's enrollment in the batch; paid through checkout and the Razorpay sandbox unless `pay` is false. */
export async function enrollLearner(batchId: string, options: { learner?: TestUser; pay?: boolean; name?: string } = {}) {
  const learner = options.learner ?? (await createUser({ emailVerified: true }));
  const client = `learner-${randomUUID().slice(0, 8)}`;
  // Set-up, not what is tested: each step is sent again after a busy answer, as the site's client does (a 503 wrote
  // nothing, decision 0028; the payment is keyed by its ids).
  const created = await untilAnswered(
    withKey((key) =>
      call<CreatedEnrollment>('POST', '/api/enroll', {
        body: enrollment({
          email: learner.email,
          name: options.name ?? 'Meera Pillai',
          courseId: COURSE.id,
          planId: undefined,
          planName: undefined,
          interestedCourse: 'Full Stack Web Development',
          preferredBatchTime: 'Weekday Evening',
          batchId,
        }),
        headers: { ...bearer(learner), 'Idempotency-Key': key },
        client,
      }),
    ),
  );
  if (!wasMade(created)) throw new Error(`enrolling failed: ${created.status} ${JSON.stringify(created.body)}`);
  const enrollmentId = created.body.id;
  if (options.pay !== false) {
    const edit = { 'X-Edit-Token': created.body.editToken };
    const order = await untilAnswered(() =>
      call<OrderCheckout>('POST', `/api/enroll/${enrollmentId}/checkout`, { body: {}, headers: edit, client }),
    );
    const paid = await sandboxPay(order.body.orderId);
    const confirmed = await untilAnswered(() =>
      call('POST', `/api/enroll/${enrollmentId}/payment`, { body: paid.body, headers: edit, client }),
    );
    if (confirmed.status !== 200) throw new Error(`paying failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  }
  return { learner, enrollmentId };
}

/**
 * Time passes, by data: the batch's sessions are moved so that, relative to now, session 0 was held
 * three days ago, 1 is live, 2 starts in 10 minutes (its join window is open), 3 starts in 30 (not yet),
 * and 4 (in 5 minutes) is cancelled. The others keep their planned future dates. The batch's own start
 * moves with session 0, as it would have been.
 */
export async function bringBatchToNow(batchId: string): Promise<Record<'held' | 'live' | 'soon' | 'later' | 'cancelled', string>> {
  const now = Date.now();
  const at = (startMin: number, lengthMin = 90) => ({
    startsAt: Timestamp.fromMillis(now + startMin * MIN),
    endsAt: Timestamp.fromMillis(now + (startMin + lengthMin) * MIN),
  });
  const id = (n: number) => `${batchId}_${n}`;
  const wb = db().batch();
  wb.update(db().doc(`sessions/${id(0)}`), at(-3 * 24 * 60));
  wb.update(db().doc(`sessions/${id(1)}`), at(-10));
  wb.update(db().doc(`sessions/${id(2)}`), at(10));
  wb.update(db().doc(`sessions/${id(3)}`), at(30));
  wb.update(db().doc(`sessions/${id(4)}`), { ...at(5), status: 'cancelled', sequence: 1 });
  wb.update(db().doc(`batches/${batchId}`), { startsAt: Timestamp.fromMillis(now - 3 * 24 * 60 * MIN) });
  await wb.commit();
  return { held: id(0), live: id(1), soon: id(2), later: id(3), cancelled: id(4) };
}

export async function meetingUrlOf(batchId: string): Promise<string> {
  const url = (await db().doc(`batches/${batchId}`).get()).get('meetingUrl') as unknown;
  if (typeof url !== 'string') throw new Error(`batch ${batchId} has no meeting room`);
  return url;
}
