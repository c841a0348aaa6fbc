import { offerLapsedSeats } from '../batches/trigger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { REGION, SCHEDULE_TIME_ZONE } from './region';
import { runReminders } from '../learning/reminders';
import { remindMissingRecordings } from '../learning/recordings';
import { runNudges } from '../teaching/nudges';
import { runReferralSettlement } from '../credits/referrals';
import { runMentoringReminders } from '../mentoring/reminders';
import { reconcilePayments } from '../payments/reconcile';
import { retryOwedSwitchRefunds } from '../switching/switchRefund';
import { reconcileSwitchPayments } from '../switching/switchPayment';
import { runCompletions } from '../certificates/issue';
import { RAZORPAY_SECRETS } from '../platform/razorpay';
import { runSeatLapses } from '../organisations/lapses';

// The scheduled jobs, with the scheduler's clock; jobs.ts runs the same functions now, with any clock (npm run jobs).

/** Holds lapse without a write: every 10 minutes, batches with people waiting offer any seat that has come free. */
export const waitlistSweep = onSchedule(
  { schedule: 'every 10 minutes', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  offerLapsedSeats,
);
/**
 * Reminders: the day before a batch starts and up to an hour before each session, and the day and the hour
 * before each mentoring session, one mail per learner
 * each however often this runs (reminders/{id} is created with its mail). The job itself is a plain
 * function: `npm run jobs -- reminders` runs it now.
 */
export const reminderSweep = onSchedule(
  { schedule: 'every 15 minutes', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  async (event) => {
    const now = Date.parse(event.scheduleTime) || Date.now();
    await runReminders(now);
    await runMentoringReminders(now);
  },
);
/** Batches whose last session has ended are completed and their certificates issued (once, however often this runs). */
export const completionSweep = onSchedule(
  { schedule: 'every 1 hours', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 540, memory: '512MiB' },
  async (event) => {
    await runCompletions(Date.parse(event.scheduleTime) || Date.now());
  },
);
/**
 * Payments no one reported (a missed or disabled webhook, a closed tab) are found at the gateway and
 * applied once, invoice and all: `npm run jobs -- reconcile` runs it now.
 */
export const paymentReconciler = onSchedule(
  {
    schedule: 'every 10 minutes',
    region: REGION,
    timeZone: SCHEDULE_TIME_ZONE,
    maxInstances: 1,
    timeoutSeconds: 300,
    memory: '256MiB',
    secrets: RAZORPAY_SECRETS,
  },
  async (event) => {
    const asOfMs = Date.parse(event.scheduleTime) || Date.now();
    await reconcilePayments(asOfMs);
    // A switch's difference paid with no one reporting it makes its switch.
    await reconcileSwitchPayments(asOfMs);
    // A switch to a cheaper course whose refund Razorpay never answered is asked for again, once.
    await retryOwedSwitchRefunds(asOfMs);
  },
);
/**
 * Teams and campuses: admins warned 14 days before unclaimed seats lapse, then the seats lapse; and the claim milestone
 * mails a claim left unsent (`npm run jobs -- seats`).
 */
export const seatLapseSweep = onSchedule(
  { schedule: 'every 6 hours', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  async (event) => {
    await runSeatLapses(Date.parse(event.scheduleTime) || Date.now());
  },
);
/** Learners who fell behind are nudged by their instructor, once per cause (`npm run jobs -- nudges`). */
export const nudgeSweep = onSchedule(
  { schedule: 'every 1 hours', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  async (event) => {
    await runNudges(Date.parse(event.scheduleTime) || Date.now());
  },
);
/** Held classes whose recording is past due: their instructor is reminded once (`npm run jobs -- recordings`). */
export const recordingSweep = onSchedule(
  { schedule: 'every 1 hours', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  async (event) => {
    await remindMissingRecordings(Date.parse(event.scheduleTime) || Date.now(), { sent: 0, alreadySent: 0 });
  },
);
/** Referral credits whose friend's payment is now final are granted, once each (`npm run jobs -- referrals`). */
export const referralSweep = onSchedule(
  { schedule: 'every 1 hours', region: REGION, timeZone: SCHEDULE_TIME_ZONE, maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  async (event) => {
    await runReferralSettlement(Date.parse(event.scheduleTime) || Date.now());
  },
);
