import { useId, useRef, useState } from 'react';
import type { User } from 'firebase/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { OFFERINGS } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { failureMessage } from '../../lib/api';
import { spendCredit } from './api';
import { OpenBatches } from './OpenBatches';

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
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const offeringId = useId();

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
      <label htmlFor={offeringId}>Course</label>
      <select
        id={offeringId}
        value={offering}
        onChange={(e) => {
          setOffering(e.target.value);
          setBatchId('');
        }}
      >
        <option value="">Choose a course</option>
        {offerings.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
      {offering && <OpenBatches offering={offering} group={`batch-${item.id}`} selected={batchId} onSelect={setBatchId} what="course" />}
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
