import { array, boolean, mixed, object, string, type InferType } from 'yup';
import { careerLinkProblem } from './links';
import {
  CAREER_REVIEW_KINDS,
  CAREER_VERDICTS,
  CHECK_MARKS,
  CHECKLISTS,
  MAX_CHECK_COMMENT_CHARS,
  MAX_SUMMARY_CHARS,
  MAX_TARGET_ROLE_CHARS,
  type CareerReviewKind,
  type CareerVerdict,
  type CheckMark,
} from './terms';

const link = (kind: 'resume' | 'linkedin' | 'posting') =>
  string().test('link', (value, ctx) => {
    const problem = careerLinkProblem(kind, value ?? '');
    return problem ? ctx.createError({ message: problem }) : true;
  });

/** What a learner sends for a review: the link, the role they are aiming at, and optionally a posting's link. */
export const careerSubmissionSchema = object({
  enrollmentId: string().required('Choose the plan this review comes from.').max(64),
  kind: mixed<CareerReviewKind>()
    .required('Choose a resume or a LinkedIn review.')
    .oneOf([...CAREER_REVIEW_KINDS], 'Choose a resume or a LinkedIn review.'),
  link: string()
    .required('Give the link to what we should review.')
    .when('kind', ([kind]: CareerReviewKind[], schema) => schema.concat(link(kind === 'linkedin' ? 'linkedin' : 'resume'))),
  targetRole: string()
    .required('Name the role you are aiming at, so we review for it.')
    .matches(/\S/, 'Name the role you are aiming at, so we review for it.')
    .max(MAX_TARGET_ROLE_CHARS, `At most ${MAX_TARGET_ROLE_CHARS} characters.`),
  postingLink: string()
    .nullable()
    .default(null)
    .test('posting', (value, ctx) => {
      if (value === null || value === undefined || value === '') return true;
      const problem = careerLinkProblem('posting', value);
      return problem ? ctx.createError({ message: problem }) : true;
    }),
})
  .noUnknown()
  .strict();
export type CareerSubmissionInput = InferType<typeof careerSubmissionSchema>;

/** The reviewer's work on a version: each checklist item marked, a summary, what to change first, and the verdict. */
export const careerReviewSchema = object({
  checks: array(
    object({
      id: string().required().max(40),
      mark: mixed<CheckMark>()
        .required('Mark each point good or change.')
        .oneOf([...CHECK_MARKS], 'Mark each point good or change.'),
      comment: string()
        .max(MAX_CHECK_COMMENT_CHARS, `At most ${MAX_CHECK_COMMENT_CHARS.toLocaleString('en-IN')} characters.`)
        .default(''),
    })
      .noUnknown()
      .strict(),
  )
    .required('Mark each point of the checklist.')
    .max(20),
  summary: string()
    .required('Write a summary for the learner.')
    .matches(/\S/, 'Write a summary for the learner.')
    .max(MAX_SUMMARY_CHARS, `At most ${MAX_SUMMARY_CHARS.toLocaleString('en-IN')} characters.`),
  firstChanges: array(string().required().max(300, 'At most 300 characters each.')).max(5, 'At most five.').default([]),
  verdict: mixed<CareerVerdict>()
    .required('Choose approved or changes suggested.')
    .oneOf([...CAREER_VERDICTS], 'Choose approved or changes suggested.'),
  release: boolean().required().default(false),
})
  .noUnknown()
  .strict()
  .test('first-changes', function (review) {
    if (review.verdict === 'changes-suggested' && (review.firstChanges ?? []).filter((c) => c.trim()).length === 0)
      return this.createError({ path: 'firstChanges', message: 'Say what to change first.' });
    return true;
  });
export type CareerReviewInput = InferType<typeof careerReviewSchema>;

/** Why a review's marks do not cover the checklist exactly (each point once, no other), or null. */
export function checklistProblem(kind: CareerReviewKind, checks: readonly { id: string }[]): string | null {
  const wanted = CHECKLISTS[kind].map((c) => c.id);
  const given = checks.map((c) => c.id);
  if (given.some((id) => !wanted.includes(id)) || new Set(given).size !== given.length || given.length !== wanted.length)
    return 'Mark each point of the checklist once.';
  return null;
}
