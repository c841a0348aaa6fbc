import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { HttpError } from './errors';

/** Runs a shared yup schema strictly; a failure becomes a 400 whose `fields` hold each field's message, the same the form shows. */
export async function validateBody<S extends AnyObjectSchema>(schema: S, body: unknown, message: string): Promise<InferType<S>> {
  try {
    return (await schema.validate(body, { abortEarly: false, strict: true })) as InferType<S>;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields: Record<string, string> = {};
    for (const issue of err.inner.length ? err.inner : [err]) {
      // An item's error ('courseIds[0]') is reported under its list's name, the field a form shows.
      const field = issue.path?.split('[')[0];
      const key = field ? field : issue.type === 'noUnknown' ? '_unknown' : '_form';
      fields[key] ??= issue.message;
    }
    throw new HttpError('invalid-argument', message, fields);
  }
}
