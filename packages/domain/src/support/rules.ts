import { mixed, object, string, type InferType } from 'yup';
import { MAX_SUPPORT_MESSAGE_CHARS, MIN_SUPPORT_MESSAGE_CHARS, SUPPORT_TOPICS, type SupportTopic } from './support';

// What a learner sends to open a support request or write in its thread, and what staff send: shared by
// the forms and the server, which validates strictly (functions/src/http/validate.ts).

const message = (min: number, required: string) =>
  string()
    .required(required)
    .test('words', required, (v) => typeof v === 'string' && v.trim().length >= min)
    .max(MAX_SUPPORT_MESSAGE_CHARS, `At most ${MAX_SUPPORT_MESSAGE_CHARS.toLocaleString('en-IN')} characters.`);

export const supportRequestSchema = object({
  topic: mixed<SupportTopic>()
    .required('Choose what your question is about.')
    .oneOf([...SUPPORT_TOPICS], 'Choose what your question is about.'),
  message: message(MIN_SUPPORT_MESSAGE_CHARS, `Tell us what you need, in ${MIN_SUPPORT_MESSAGE_CHARS} characters or more.`),
  /** The enrollment it is about, if any: checked against the learner's own by the server. */
  enrollmentId: string()
    .optional()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'Choose one of your enrollments.', excludeEmptyString: true }),
})
  .noUnknown()
  .strict();
export type SupportRequestInput = InferType<typeof supportRequestSchema>;

/** A message in a request's thread, from the learner or from staff. */
export const supportMessageSchema = object({
  message: message(1, 'Write a message.'),
})
  .noUnknown()
  .strict();
export type SupportMessageInput = InferType<typeof supportMessageSchema>;

/** Staff assign a request to a colleague (by account), or to nobody with an empty uid. */
export const supportAssignSchema = object({
  uid: string().defined('Choose who takes it.').max(128, 'Choose who takes it.'),
})
  .noUnknown()
  .strict();
