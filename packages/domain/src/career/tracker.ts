import { object, string, mixed, type InferType } from 'yup';
import { isCalendarDate } from '../batches';
import { PLACEMENT_PLANS } from '../mentoring';
import { careerLinkProblem } from './links';

// The job-search tracker (issue 57): Platinum and Elite learners keep their applications (company, role, link, stage
// and dates) beside their reviews and mock interviews. An interview on the calendar brings the offer of a mock
// interview first. The learner's own record: only they read it, and it goes with the account.

export const JOB_STAGES = ['applied', 'interview', 'offer', 'joined', 'not-selected'] as const;
export type JobStage = (typeof JOB_STAGES)[number];
export const JOB_STAGE_LABELS: Record<JobStage, string> = {
  applied: 'Applied',
  interview: 'Interview',
  offer: 'Offer',
  joined: 'Joined',
  'not-selected': 'Not selected',
};

/** The plans whose cards include placement assistance include the tracker that goes with it. */
export const TRACKER_PLANS: readonly string[] = PLACEMENT_PLANS;
/** One learner keeps at most this many applications. */
export const MAX_APPLICATIONS = 200;
export const MAX_APPLICATION_NOTES = 1000;

const day = (message: string) => string().test('date', message, (v) => v === undefined || v === null || v === '' || isCalendarDate(v));
const named = (message: string) => string().required(message).matches(/\S/, message).max(120, 'At most 120 characters.');

/** An application as the learner keeps it. An interview stage needs the interview's day. */
export const jobApplicationSchema = object({
  company: named('Name the company.'),
  role: named('Name the role.'),
  link: string()
    .nullable()
    .default(null)
    .test('link', (value, ctx) => {
      if (value === null || value === undefined || value === '') return true;
      const problem = careerLinkProblem('posting', value);
      return problem ? ctx.createError({ message: problem }) : true;
    }),
  stage: mixed<JobStage>()
    .required('Choose a stage.')
    .oneOf([...JOB_STAGES], 'Choose a stage.'),
  appliedOn: day('Give the day you applied (YYYY-MM-DD).').required('Give the day you applied (YYYY-MM-DD).'),
  interviewOn: day('Give the interview’s day (YYYY-MM-DD).')
    .nullable()
    .default(null)
    .when('stage', ([stage]: JobStage[], schema) =>
      stage === 'interview' ? schema.required('Give the interview’s day (YYYY-MM-DD).') : schema,
    ),
  notes: string()
    .default('')
    .max(MAX_APPLICATION_NOTES, `At most ${MAX_APPLICATION_NOTES.toLocaleString('en-IN')} characters.`),
})
  .noUnknown()
  .strict();
export type JobApplicationInput = InferType<typeof jobApplicationSchema>;

/** What is wrong with the days against today (India, YYYY-MM-DD): one may not have applied in the future. */
export function applicationDayProblems(input: { appliedOn: string; interviewOn?: string | null }, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.appliedOn > today) problems.appliedOn = 'That day has not come yet.';
  if (input.interviewOn && input.interviewOn < input.appliedOn) problems.interviewOn = 'The interview comes after the application.';
  return problems;
}

/** Whether an application's interview is ahead (today or later): the tracker then offers a mock interview first. */
export const interviewAhead = (a: { stage: JobStage; interviewOn: string | null }, today: string): boolean =>
  a.stage === 'interview' && a.interviewOn !== null && a.interviewOn >= today;

/** GET /api/mentoring/career/applications: the learner's applications, newest first. */
export interface JobApplicationView {
  id: string;
  company: string;
  role: string;
  link: string | null;
  stage: JobStage;
  appliedOn: string;
  interviewOn: string | null;
  notes: string;
  updatedAt: string;
}

export interface JobTrackerAnswer {
  /** Whether a plan of the learner's includes the tracker (Platinum, Elite). */
  included: boolean;
  applications: JobApplicationView[];
  /** The learner's mock interviews left, in words ("2 of 3 mock interviews left"), or null when none is left. */
  mockInterviews: string | null;
}
