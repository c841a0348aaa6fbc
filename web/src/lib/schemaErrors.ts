import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * Runs a shared domain schema as the server does (strict, every error) and returns the first message per
 * field, keyed by `fieldOf` (the schema's path, e.g. `availability.weekly.1[0].start`, to the form's field).
 * An empty object means the body is valid.
 */
export async function schemaErrors(
  schema: AnyObjectSchema,
  body: unknown,
  fieldOf: (path: string) => string = (path) => path.split(/[.[]/)[0],
): Promise<Record<string, string>> {
  try {
    await schema.validate(body, { abortEarly: false, strict: true });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields: Record<string, string> = {};
    for (const issue of err.inner.length ? err.inner : [err]) fields[fieldOf(issue.path ?? '_form')] ??= issue.message;
    return fields;
  }
}
