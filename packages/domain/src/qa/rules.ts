import { boolean, object, string, type InferType } from 'yup';
import { QA_ABOUT_VALUE, QA_BODY_MAX, QA_TITLE_MAX, QA_TITLE_MIN } from './qa';

// What a question, an answer, an acceptance, a vote and a follow carry: shared by the forms and the server,
// which validates strictly (functions/src/http/validate.ts) and renders the Markdown itself.

const body = (what: string) =>
  string()
    .required(`Write your ${what}.`)
    .test('words', `Write your ${what}.`, (v) => typeof v === 'string' && v.trim().length > 0)
    .max(QA_BODY_MAX, `At most ${QA_BODY_MAX.toLocaleString('en-IN')} characters.`);

export const questionSchema = object({
  title: string()
    .required(`Give your question a title of ${QA_TITLE_MIN} to ${QA_TITLE_MAX} characters.`)
    .test('length', `Give your question a title of ${QA_TITLE_MIN} to ${QA_TITLE_MAX} characters.`, (v) => {
      const n = (v ?? '').trim().length;
      return n >= QA_TITLE_MIN && n <= QA_TITLE_MAX;
    }),
  body: body('question'),
  /** What it is about, if anything: one of the space's classes or assignments offered to the asker ("session:ID", "assignment:ID"). */
  about: string()
    .optional()
    .matches(QA_ABOUT_VALUE, { message: 'Choose a class or an assignment from the list.', excludeEmptyString: true }),
})
  .noUnknown()
  .strict();
export type QuestionInput = InferType<typeof questionSchema>;

export const answerSchema = object({ body: body('answer') })
  .noUnknown()
  .strict();
export type AnswerInput = InferType<typeof answerSchema>;

export const acceptSchema = object({
  answerId: string()
    .required('Choose the answer.')
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Choose the answer.'),
})
  .noUnknown()
  .strict();

const reason = (what: string) =>
  string()
    .required(what)
    .test('words', what, (v) => typeof v === 'string' && v.trim().length >= 3)
    .max(500, 'At most 500 characters.');

/** Anyone who can read a post may report it, saying why. */
export const reportSchema = object({ reason: reason('Say what is wrong with it.') })
  .noUnknown()
  .strict();

/** Staff hide a post (or show it again), with the reason kept in the audit trail. */
export const hideSchema = object({
  hidden: boolean().required('Say whether to hide it.'),
  reason: reason('Give the reason.'),
})
  .noUnknown()
  .strict();

/** The author's edit: the body, and a question's title. */
export const editSchema = object({
  title: string()
    .optional()
    .test('length', `Give your question a title of ${QA_TITLE_MIN} to ${QA_TITLE_MAX} characters.`, (v) => {
      if (v === undefined) return true;
      const n = v.trim().length;
      return n >= QA_TITLE_MIN && n <= QA_TITLE_MAX;
    }),
  body: body('post'),
})
  .noUnknown()
  .strict();

export const voteSchema = object({ up: boolean().required('Say whether to upvote.') })
  .noUnknown()
  .strict();
export const followSchema = object({ follow: boolean().required('Say whether to follow.') })
  .noUnknown()
  .strict();
