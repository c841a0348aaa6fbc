import { boolean, object, string, type InferType } from 'yup';
import { QA_BODY_MAX, QA_TITLE_MAX, QA_TITLE_MIN } from './qa';

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

export const voteSchema = object({ up: boolean().required('Say whether to upvote.') })
  .noUnknown()
  .strict();
export const followSchema = object({ follow: boolean().required('Say whether to follow.') })
  .noUnknown()
  .strict();
