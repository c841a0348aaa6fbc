import { WEEK_MS } from '@upskill/domain/common';
import { financeMonthsDue, rebuildFinanceDays } from './invoices/financeDays';
import { runReminders } from './learning/reminders';
import { remindMissingRecordings } from './learning/recordings';
import { runMentoringReminders } from './mentoring/reminders';
import { runCompletions } from './certificates/issue';
import { reconcilePayments } from './payments/reconcile';
import { retryOwedSwitchRefunds } from './switching/switchRefund';
import { reconcileSwitchPayments } from './switching/switchPayment';
import { runSeatLapses } from './organisations/lapses';
import { runNudges } from './teaching/nudges';
import { rebuildQaWeeks } from './qa/figures';
import { rebuildAnswerQueue } from './qa/queueIndex';
import { rebuildSupportWeeks } from './support/figures';
import { rebuildContactWeeks } from './support/contactFigures';
import { rebuildReviewWeeks } from './assignments/figures';
import { rebuildB2bMonths } from './organisations/figures';
import { rebuildMentorWeeks } from './mentoring/figures';
import { utilisationWeeks } from '@upskill/domain/mentoring';
import { runReferralSettlement } from './credits/referrals';
import { withUsage } from './platform/usageRecorder';

// `npm run jobs` under the test suite records its queries as the functions do (tools/jobs.mjs installs it).
export { recordQueriesIn } from './platform/queryRecorder';
export { recordUsageIn } from './platform/usageRecorder';

/**
 * The scheduled jobs as plain functions: the `onSchedule` triggers in index.ts call these with the
 * scheduler's clock, and `npm run jobs -- <name> [--as-of <ISO instant>]` (tools/jobs.mjs) calls them
 * now, with any clock, against the local emulators. Built into lib/jobs.js beside lib/index.js.
 */
export const JOBS = {
  // Live classes' and mentoring sessions' reminders, one job: both are "what starts soon".
  reminders: async (asOfMs: number) => {
    const classes = await runReminders(asOfMs);
    const mentoring = await runMentoringReminders(asOfMs);
    return { sent: classes.sent + mentoring.sent, alreadySent: classes.alreadySent + mentoring.alreadySent };
  },
  // The instructors' one reminder of a recording past due (a job of its own: what has been held, not what starts soon).
  recordings: async (asOfMs: number) => {
    const run = { sent: 0, alreadySent: 0 };
    await remindMissingRecordings(asOfMs, run);
    return run;
  },
  // Referral credits whose friend's payment is final: granted (or capped, or void), each announced once.
  referrals: (asOfMs: number) => runReferralSettlement(asOfMs),
  // Learners who fell behind: one mail per cause from their instructor, and the instructor's at-risk list.
  nudges: (asOfMs: number, batchId?: string) => runNudges(asOfMs, batchId),
  completions: (asOfMs: number) => runCompletions(asOfMs),
  // Payments no one reported (a purchase's, then a switch's difference), then switch refunds Razorpay never answered.
  reconcile: async (asOfMs: number) => ({
    ...(await reconcilePayments(asOfMs)),
    ...(await reconcileSwitchPayments(asOfMs)),
    ...(await retryOwedSwitchRefunds(asOfMs)),
  }),
  // The console's Q&A week figures rebuilt from the questions (a repair: they are kept as questions are asked and answered).
  'qa-figures': (asOfMs: number) => rebuildQaWeeks(asOfMs),
  // What the Q&A answer queue reads (instructors' offerings, waiting questions' instructor) rebuilt from the records (a repair).
  'qa-queue': () => rebuildAnswerQueue(),
  // The console's support figures rebuilt from the requests (a repair: they are kept as requests are made and answered).
  'support-figures': (asOfMs: number) => rebuildSupportWeeks(asOfMs),
  // The contact form's reply-clock figures rebuilt from the messages (a repair, as above).
  'contact-figures': (asOfMs: number) => rebuildContactWeeks(asOfMs),
  // The console's review figures rebuilt from the attempts (a repair: they are kept as reviews are released).
  'review-figures': (asOfMs: number) => rebuildReviewWeeks(asOfMs),
  // The console's B2B revenue by month rebuilt from the orders' tax documents (a repair: it is kept as they are issued).
  'b2b-figures': (asOfMs: number) => rebuildB2bMonths(asOfMs),
  // The finance page's day sums rebuilt from the tax documents of this month and the one before (a repair, as above).
  'finance-figures': (asOfMs: number) => rebuildFinanceDays(financeMonthsDue(asOfMs), asOfMs),
  // The console's mentor utilisation rebuilt from the bookings of the weeks it shows (a repair, as above).
  'mentor-figures': (asOfMs: number) => {
    const weeks = utilisationWeeks(asOfMs);
    return rebuildMentorWeeks(weeks[0], weeks[weeks.length - 1] + WEEK_MS, asOfMs);
  },
  // Teams and campuses: the 14-day warning to admins, then unclaimed seats lapsing.
  seats: (asOfMs: number) => runSeatLapses(asOfMs),
} as const;

export type JobName = keyof typeof JOBS;

export const isJobName = (name: string): name is JobName => Object.hasOwn(JOBS, name);

/** Runs a job as of `asOfMs`; the nudges job may be kept to one batch (`--batch`: an operator's rerun, a test's own batch). */
export async function runJob(name: string, asOfMs: number, batchId?: string): Promise<unknown> {
  if (!isJobName(name)) throw new Error(`No job named "${name}". Jobs: ${Object.keys(JOBS).join(', ')}.`);
  return withUsage<unknown>(
    `job ${name}`,
    () => (name === 'nudges' ? JOBS.nudges(asOfMs, batchId) : JOBS[name](asOfMs)),
    // A test labels a job run as it labels a request (the scale test: what one run read).
    () => process.env.UPSKILL_USAGE_TAG,
  );
}

/** For `npm run plans` (tools/plans.mjs): the recurring plans' Razorpay plans, made where missing. */
export { ensureGatewayPlans, PLAN_ENV } from './subscriptions/plans';
