import { object, string, mixed, type InferType } from 'yup';
import { isCalendarDate } from '../batches';
import { LEARNER_REPORTS, REFERRAL_OUTCOMES, type LearnerReport, type ReferralOutcome } from './placement';

// The placement forms' schemas (staff's referrals and outcomes, the learner's report), apart from placement.ts so that
// the pages showing placement load yup only with a form.

const day = (message: string) =>
  string()
    .required(message)
    .test('date', message, (v) => v === undefined || isCalendarDate(v));
const named = (message: string) => string().required(message).matches(/\S/, message).max(120, 'At most 120 characters.');

/** Staff record a referral: the company, the role and the day it was made. */
export const referralSchema = object({
  company: named('Name the company.'),
  role: named('Name the role.'),
  referredOn: day('Give the day of the referral (YYYY-MM-DD).'),
})
  .noUnknown()
  .strict();
export type ReferralInput = InferType<typeof referralSchema>;

/** Staff record what came of a referral. */
export const referralOutcomeSchema = object({
  outcome: mixed<ReferralOutcome>()
    .required('Choose what came of it.')
    .oneOf([...REFERRAL_OUTCOMES], 'Choose what came of it.'),
})
  .noUnknown()
  .strict();

/** The learner reports an offer or a joining (through us or not: both count as what happened). */
export const placementReportSchema = object({
  outcome: mixed<LearnerReport>()
    .required('Choose an offer or a joining.')
    .oneOf([...LEARNER_REPORTS], 'Choose an offer or a joining.'),
  company: named('Name the company.'),
  role: named('Name the role.'),
  on: day('Give the day (YYYY-MM-DD).'),
})
  .noUnknown()
  .strict();
export type PlacementReportInput = InferType<typeof placementReportSchema>;
