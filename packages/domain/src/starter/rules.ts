import { boolean, object, type InferType } from 'yup';

// PUT /api/starter/{programme}/{lesson}/done: the lesson marked done, or not done again. Strict: `"true"` is no boolean.
export const starterProgressSchema = object({
  done: boolean().required('Say whether the lesson is done.').typeError('Say whether the lesson is done (true or false).'),
})
  .noUnknown()
  .strict();
export type StarterProgressInput = InferType<typeof starterProgressSchema>;
