import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { BookingView } from '@upskill/domain/mentoring';
import { scorecardSchema, sessionNotesSchema, SCORECARD_CRITERIA, VERDICTS, VERDICT_LABELS } from '@upskill/domain/mentoring';
import { type DeskAction } from './api';
import { schemaErrors } from '../../lib/schemaErrors';

// ---- After a session: notes, the scorecard, a no-show ----

/** Focus moves to the first field in error: a field itself, or a group's first choice. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid=true]');
  (first?.tagName === 'FIELDSET' ? first.querySelector<HTMLElement>('input') : first)?.focus();
}

export function NotesForm({ booking, act }: { booking: BookingView; act: (action: DeskAction, body: unknown) => Promise<void> }) {
  const [notes, setNotes] = useState(booking.notes?.text ?? '');
  const [items, setItems] = useState((booking.notes?.actionItems ?? []).join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ids = { notes: useId(), items: useId() };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      notes,
      actionItems: items
        .split('\n')
        .map((i) => i.trim())
        .filter(Boolean),
    };
    const found = await schemaErrors(sessionNotesSchema, body);
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    setSaving(true);
    await act('notes', body).finally(() => setSaving(false));
  };
  return (
    <form ref={form} className="mentor-form" noValidate onSubmit={(e) => void submit(e)} aria-label={`Notes for ${booking.learnerName}`}>
      <div className="field">
        <label htmlFor={ids.notes}>Notes for the learner</label>
        <textarea
          id={ids.notes}
          className="input"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${ids.notes}-e` : undefined}
        />
        {errors.notes && (
          <span id={`${ids.notes}-e`} className="field__error">
            {errors.notes}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.items}>Action items, one a line</label>
        <textarea
          id={ids.items}
          className="input"
          rows={3}
          value={items}
          onChange={(e) => setItems(e.target.value)}
          aria-invalid={errors.actionItems ? true : undefined}
          aria-describedby={errors.actionItems ? `${ids.items}-e` : undefined}
        />
        {errors.actionItems && (
          <span id={`${ids.items}-e`} className="field__error">
            {errors.actionItems}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary btn--sm" disabled={saving}>
        Save notes
      </button>
    </form>
  );
}

export function ScorecardForm({ booking, act }: { booking: BookingView; act: (action: DeskAction, body: unknown) => Promise<void> }) {
  const [ratings, setRatings] = useState<Record<string, number>>(booking.scorecard?.ratings ?? {});
  const [comments, setComments] = useState(booking.scorecard?.comments ?? '');
  const [verdict, setVerdict] = useState<string>(booking.scorecard?.verdict ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { ratings, comments, verdict };
    // Per criterion, so each group shows its own message.
    const found = await schemaErrors(scorecardSchema, body, (path) =>
      path.startsWith('ratings.') ? path.slice(8) : path.split(/[.[]/)[0],
    );
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    setSaving(true);
    await act('scorecard', body).finally(() => setSaving(false));
  };
  return (
    <form
      ref={form}
      className="mentor-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={`Scorecard for ${booking.learnerName}`}
    >
      {SCORECARD_CRITERIA.map(({ key, label }) => (
        <fieldset
          key={key}
          className="rating-row"
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${key}` : undefined}
        >
          <legend>{label}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="choice">
              <input
                type="radio"
                name={`${id}-${key}`}
                value={n}
                checked={ratings[key] === n}
                onChange={() => setRatings({ ...ratings, [key]: n })}
              />{' '}
              {n}
            </label>
          ))}
          {errors[key] && (
            <span id={`${id}-${key}`} className="field__error">
              {errors[key]}
            </span>
          )}
        </fieldset>
      ))}
      <div className="field">
        <label htmlFor={`${id}-comments`}>Comments</label>
        <textarea
          id={`${id}-comments`}
          className="input"
          rows={3}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          aria-invalid={errors.comments ? true : undefined}
          aria-describedby={errors.comments ? `${id}-comments-e` : undefined}
        />
        {errors.comments && (
          <span id={`${id}-comments-e`} className="field__error">
            {errors.comments}
          </span>
        )}
      </div>
      <fieldset
        className="rating-row"
        aria-invalid={errors.verdict ? true : undefined}
        aria-describedby={errors.verdict ? `${id}-verdict` : undefined}
      >
        <legend>Verdict</legend>
        {VERDICTS.map((v) => (
          <label key={v} className="choice">
            <input type="radio" name={`${id}-verdict`} value={v} checked={verdict === v} onChange={() => setVerdict(v)} />{' '}
            {VERDICT_LABELS[v]}
          </label>
        ))}
        {errors.verdict && (
          <span id={`${id}-verdict`} className="field__error">
            {errors.verdict}
          </span>
        )}
      </fieldset>
      <button type="submit" className="btn btn--primary btn--sm" disabled={saving}>
        Save scorecard
      </button>
    </form>
  );
}
