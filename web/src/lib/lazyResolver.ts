import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema (and yup with it) loads when the form is first validated,
 * or earlier through `preload` when the visitor reaches for the form, so a page with a form does not
 * download its validation before anyone types.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; preload: () => void } {
  let loaded: Promise<Resolver<T>> | undefined;
  const get = () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined; // A failed chunk load may succeed on the next attempt.
      throw err;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
