import { useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** A field's accessible error state: `aria-invalid` and the id of its message, or nothing while it is valid. */
export type InvalidProps = { 'aria-invalid': true; 'aria-describedby': string } | Record<string, never>;

/**
 * The errors of a form that checks with the domain's schema and then the server: each field's message under it,
 * tied to the field by `aria-describedby`, and focus moved to the first field in error (or the form's alert) once
 * they show. One hook for the forms that keep their own state (team, join, reviews).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  /** Shows `found` (or clears the errors when it is empty) and moves focus to the first problem. */
  const show = (found: Record<string, string>) => {
    // Rendered at once, so the field marked invalid exists to be focused.
    flushSync(() => setErrors(found));
    form.current?.querySelector<HTMLElement>('[aria-invalid=true], [role=alert]')?.focus();
  };
  const invalid = (name: string): InvalidProps => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});
  const error = (name: string): ReactNode =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </span>
    ) : null;
  return { errors, setErrors, show, invalid, error, form, id };
}
