import { useEffect, useId, useRef, useState } from 'react';
import type { User } from 'firebase/auth';
import type { BatchListing, EnrollmentSummary } from '@upskill/domain/enrollment';
import { OFFERINGS } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { failureMessage } from '../../lib/api';
import { fetchBatches } from '../batches';
import { spendCredit } from './api';

type Batches = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; batches: BatchListing[] };

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Taking a seat with a credit (or the membership): a course or programme, then one of its batches that has not
 * started. The server decides whether a credit is left and the seat is free; its answer is shown as it is. Loaded
 * only when the learner opens it: the catalogue it lists is most of its weight.
 */
export default function CreditForm({
  item,
  user,
  onSpent,
  onClose,
}: {
  item: EnrollmentSummary;
  user: User;
  onSpent: () => void;
  onClose: () => void;
}) {
  const credits = item.credits;
  const [offering, setOffering] = useState('');
  const [batchId, setBatchId] = useState('');
  const [batches, setBatches] = useState<Batches>({ state: 'idle' });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const ids = { offering: useId(), batches: useId() };

  useEffect(() => {
    if (!offering) return;
    let live = true;
    fetchBatches(offering).then(
      (answer) => live && setBatches({ state: 'done', batches: answer.batches.filter((b) => b.status === 'open' && b.seatsLeft > 0) }),
      () => live && setBatches({ state: 'error', message: 'The batches could not be loaded. Please try again.' }),
    );
    return () => {
      live = false;
    };
  }, [offering]);

  if (!credits) return null;
  // Custom: its chosen courses only; credits and the membership: any course or programme.
  const chosen = credits.courseIds;
  const offerings = chosen ? OFFERINGS.filter((o) => COURSES.some((c) => c.slug === o.slug && chosen.includes(c.id))) : OFFERINGS;
  const spend = async () => {
    if (!batchId) {
      setError('Choose a batch.');
      // Focus goes where the choice is missing: the course, or the first batch of it.
      form.current?.querySelector<HTMLElement>(offering ? 'input[type=radio]' : 'select')?.focus();
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await spendCredit(await user.getIdToken(), item.id, batchId);
      onSpent();
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. No credit was used; please try again.'));
      setSending(false);
    }
  };

  return (
    <form
      ref={form}
      className="credit-form"
      onSubmit={(e) => {
        e.preventDefault();
        void spend();
      }}
      aria-label={`Use a credit of ${item.planName}`}
    >
      <label htmlFor={ids.offering}>Course</label>
      <select
        id={ids.offering}
        value={offering}
        onChange={(e) => {
          setOffering(e.target.value);
          setBatchId('');
          setBatches(e.target.value ? { state: 'loading' } : { state: 'idle' });
        }}
      >
        <option value="">Choose a course</option>
        {offerings.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
      {batches.state === 'loading' && <p role="status">Loading batches…</p>}
      {batches.state === 'error' && (
        <p className="status status--error" role="alert">
          {batches.message}
        </p>
      )}
      {batches.state === 'done' &&
        (batches.batches.length === 0 ? (
          <p className="status status--info">No batch of this course has a free seat now. Choose another course, or check again soon.</p>
        ) : (
          <fieldset>
            <legend id={ids.batches}>Batch</legend>
            {batches.batches.map((b) => (
              <label key={b.id} className="payment-method">
                <input type="radio" name={`batch-${item.id}`} value={b.id} checked={batchId === b.id} onChange={() => setBatchId(b.id)} />
                {b.batchTime}, from {dayFormat.format(new Date(`${b.startDate}T12:00:00+05:30`))} · {b.seatsLeft} seat
                {b.seatsLeft === 1 ? '' : 's'} left
              </label>
            ))}
          </fieldset>
        ))}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <div className="credit-form__actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={sending || !batchId} aria-busy={sending}>
          {credits.left === null || chosen ? 'Take this seat' : 'Use 1 credit for this seat'}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onClose} disabled={sending}>
          Not now
        </button>
      </div>
    </form>
  );
}
