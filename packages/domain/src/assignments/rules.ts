import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { isHttpsUrl } from '../learning';
import { MAX_COMMENT_CHARS, MAX_EXTENSION_DAYS, MAX_TEXT_CHARS, REVIEW_RESULTS, type ReviewResult } from './assignments';

// What a learner sends with a submission, what a reviewer sends with a review, and an extension: shared by
// the forms and the server, which validates strictly (functions/src/http/validate.ts) and then checks the
// parts against the assignment and the dates against its own clock.

export const submissionSchema = object({
  text: string()
    .max(MAX_TEXT_CHARS, `At most ${MAX_TEXT_CHARS.toLocaleString('en-IN')} characters.`)
    .optional(),
  link: string()
    .optional()
    .test('https', 'Give an https:// link to your repository or site.', (v) => v === undefined || v === '' || isHttpsUrl(v)),
})
  .noUnknown()
  .strict();
export type SubmissionInput = InferType<typeof submissionSchema>;

/** A review: points per rubric criterion (checked against the rubric by the server), comments, a result, and whether to release it. */
export const reviewSchema = object({
  scores: mixed<Record<string, number>>()
    .required('Give points for each criterion.')
    .test(
      'points',
      'Give points for each criterion.',
      (v) =>
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v) &&
        Object.values(v).every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0),
    ),
  comments: string()
    .required('Write your comments for the learner.')
    .matches(/\S/, 'Write your comments for the learner.')
    .max(MAX_COMMENT_CHARS, `At most ${MAX_COMMENT_CHARS.toLocaleString('en-IN')} characters.`),
  changes: string()
    .max(MAX_COMMENT_CHARS, `At most ${MAX_COMMENT_CHARS.toLocaleString('en-IN')} characters.`)
    .default(''),
  result: mixed<ReviewResult>()
    .required('Choose passed or needs work.')
    .oneOf([...REVIEW_RESULTS], 'Choose passed or needs work.'),
  release: boolean().required().default(false),
})
  .noUnknown()
  .strict()
  .test('changes', 'Say what to change.', function (v) {
    if (v.result !== 'needs-work' || /\S/.test(v.changes ?? '')) return true;
    return this.createError({ path: 'changes', message: 'Say what to change.' });
  });
export type ReviewInput = InferType<typeof reviewSchema>;

/** An extension for one learner on one assignment: days added to its due date and cut-off, and why. */
export const extensionSchema = object({
  days: number()
    .typeError(`Give 1 to ${MAX_EXTENSION_DAYS} days.`)
    .required(`Give 1 to ${MAX_EXTENSION_DAYS} days.`)
    .integer(`Give 1 to ${MAX_EXTENSION_DAYS} days.`)
    .min(0, `Give 1 to ${MAX_EXTENSION_DAYS} days, or 0 to take the extension back.`)
    .max(MAX_EXTENSION_DAYS, `At most ${MAX_EXTENSION_DAYS} days.`),
  reason: string().required('Say why.').matches(/\S/, 'Say why.').max(300, 'At most 300 characters.'),
})
  .noUnknown()
  .strict();
export type ExtensionInput = InferType<typeof extensionSchema>;
