import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { AssignmentView } from '@upskill/domain/assignments';
import { MAX_TEXT_CHARS, turnaroundHours, submissionSchema } from '@upskill/domain/assignments';
import { fieldErrorsOf } from '../../lib/api';
import { schemaErrors } from '../../lib/schemaErrors';
import { submitWork, type Signed } from './api';

/** Hand in an attempt: a link and/or text, checked as the server checks them; focus goes to the first error. */
export default function SubmitForm({
  assignment,
  enrollmentId,
  user,
  onSubmitted,
  onCancel,
}: {
  assignment: AssignmentView;
  enrollmentId: string;
  user: Signed;
  onSubmitted: (receipt: string) => void;
  onCancel: () => void;
}) {
  const [link, setLink] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ids = { link: useId(), text: useId(), form: useId() };
  const hours = assignment.turnaroundHours ?? turnaroundHours(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...(link.trim() ? { link: link.trim() } : {}), ...(text.trim() ? { text } : {}) };
    const found = await schemaErrors(submissionSchema, body);
    if (!found.link && !found.text && !body.link && !body.text) found._form = 'Add a link or some text.';
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await submitWork(user, enrollmentId, assignment.id, body);
      onSubmitted(answer.receipt);
    } catch (err) {
      flushSync(() => setErrors(fieldErrorsOf(err, 'We could not reach the server. Nothing was sent; please try again.')));
      form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
    } finally {
      setSending(false);
    }
  };

  const field = (name: 'link' | 'text') => ({
    'aria-invalid': errors[name] || errors._form ? true : undefined,
    'aria-describedby': [errors[name] ? `${ids[name]}-e` : '', errors._form ? `${ids.form}-e` : ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form ref={form} className="submit-form" noValidate onSubmit={(e) => void submit(e)} aria-label={`Hand in ${assignment.title}`}>
      {assignment.parts.includes('link') && (
        <div className="field">
          <label htmlFor={ids.link}>Link to your work (https)</label>
          <input
            id={ids.link}
            className="input"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://github.com/you/project"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            {...field('link')}
          />
          {errors.link && (
            <span id={`${ids.link}-e`} className="field__error">
              {errors.link}
            </span>
          )}
        </div>
      )}
      {assignment.parts.includes('text') && (
        <div className="field">
          <label htmlFor={ids.text}>Notes for your reviewer</label>
          <textarea
            id={ids.text}
            className="input"
            rows={5}
            maxLength={MAX_TEXT_CHARS}
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...field('text')}
          />
          <span className="field__hint">
            {text.length.toLocaleString('en-IN')} of {MAX_TEXT_CHARS.toLocaleString('en-IN')} characters
          </span>
          {errors.text && (
            <span id={`${ids.text}-e`} className="field__error">
              {errors.text}
            </span>
          )}
        </div>
      )}
      {errors._form && (
        <p id={`${ids.form}-e`} className="status status--error" role="alert">
          {errors._form}
        </p>
      )}
      <p className="muted">
        {assignment.window === 'late' ? 'The due date has passed, so this attempt is marked late. ' : ''}A reviewer returns it within{' '}
        {hours} hours.
      </p>
      <div className="submit-form__actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={sending}>
          {sending ? 'Sending...' : 'Submit'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
