import { useId, useState, type FormEvent } from 'react';
import { AT_RISK_NOTE_MAX, type AtRiskLearner } from '@upskill/domain/teaching';
import { ApiError } from '../../lib/api';

const when = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** One learner's note: shown, and changed in place ("" clears it). */
function NoteForm({ learner, save }: { learner: AtRiskLearner; save: (note: string) => Promise<void> }) {
  const [note, setNote] = useState(learner.note ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await save(note.trim());
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.note ?? err.message) : 'We could not save the note. Try again.');
      document.getElementById(id)?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="teaching-form at-risk__note" noValidate onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>Your note on {learner.name} (for instructors and staff; it is in the learner’s data export)</label>
      <textarea
        id={id}
        className="input"
        rows={2}
        maxLength={AT_RISK_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
      />
      {error && (
        <span id={`${id}-e`} className="field__error" role="alert">
          {error}
        </span>
      )}
      <button type="submit" className="btn btn--secondary btn--sm" disabled={busy} aria-busy={busy}>
        Save note
      </button>
    </form>
  );
}

/**
 * The batch's learners who fell behind and were nudged (two classes missed in a row, work past due), the latest
 * first: what the nudge was about, whether they came to a class since, and the instructor's note.
 */
export function AtRiskList({
  learners,
  save,
}: {
  learners: readonly AtRiskLearner[];
  save: (enrollmentId: string, note: string) => Promise<void>;
}) {
  return (
    <ul className="at-risk">
      {learners.map((l) => (
        <li key={l.enrollmentId} data-testid="at-risk-learner">
          <p>
            <strong>{l.name}</strong> <span className="muted">{l.email}</span>
            {l.attendedSince && <span className="badge">Attended a class since</span>}
          </p>
          <ul className="at-risk__causes">
            {l.causes.map((c) => (
              <li key={c.key}>
                {c.label} <span className="muted">(nudged {when.format(new Date(c.at))})</span>
              </li>
            ))}
          </ul>
          {l.note && (
            <p className="muted" data-testid="at-risk-note">
              Note by {l.noteBy}: {l.note}
            </p>
          )}
          <NoteForm learner={l} save={(note) => save(l.enrollmentId, note)} />
        </li>
      ))}
    </ul>
  );
}
