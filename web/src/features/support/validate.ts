import { supportMessageSchema, supportRequestSchema } from '@upskill/domain/support';
import { schemaErrors } from '../../lib/schemaErrors';

// The forms' checks, the same schemas the server runs. Loaded on the first send, not with the section: the
// schemas bring yup (12 KB), and My Courses must stay within its JavaScript budget.

export const requestErrors = (body: unknown) => schemaErrors(supportRequestSchema, body);
export const messageErrors = (body: unknown) => schemaErrors(supportMessageSchema, body);
