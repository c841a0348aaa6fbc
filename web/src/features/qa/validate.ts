import { answerSchema, questionSchema } from '@upskill/domain/qa';
import { schemaErrors } from '../../lib/schemaErrors';

// The forms' checks, the schemas the server runs; loaded on the first send, since they bring yup.

export const questionErrors = (body: unknown) => schemaErrors(questionSchema, body);
export const answerErrors = (body: unknown) => schemaErrors(answerSchema, body);
