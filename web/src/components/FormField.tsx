import { cloneElement, useId, type ReactElement } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  /** One input, select or textarea: it receives the id and the ARIA wiring. */
  children: ReactElement<Record<string, unknown>>;
}

/** Label, hint and error text tied to the control with aria-describedby. */
export function FormField({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
