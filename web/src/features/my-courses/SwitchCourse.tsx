import { useId, useRef, useState } from 'react';
import type { User } from 'firebase/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { failureMessage } from '../../lib/api';
import { switchCourse } from './api';
import { OpenBatches } from './OpenBatches';

/**
 * Switching course before the batch starts, at no cost or with a cheaper course's difference refunded (decision 0038): one of the courses or programmes the server
 * lists for this enrollment, then one of its batches with a seat. The server decides; its answer is shown as it is.
 * Loaded only when the learner opens it.
 */
export default function SwitchCourse({ item, user, onSwitched }: { item: EnrollmentSummary; user: User; onSwitched: () => void }) {
  const [open, setOpen] = useState(false);
  const [offering, setOffering] = useState('');
  const [batchId, setBatchId] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const offeringId = useId();
  const programmes = item.switchTargets.some((target) => target.kind === 'programme');
  const kind = programmes ? 'programme' : 'course';

  const submit = async () => {
    if (!batchId) {
      setError('Choose a batch.');
      form.current?.querySelector<HTMLElement>(offering ? 'input[type=radio]' : 'select')?.focus();
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await switchCourse(await user.getIdToken(), item.id, batchId);
      onSwitched();
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Nothing was switched; please try again.'));
      setSending(false);
    }
  };

  return (
    <div className="purchase__switch" data-testid="switch-course">
      <p className="muted">
        {programmes
          ? `Before your batch’s first class you can switch to another ${kind}, at no cost.`
          : 'Before your batch’s first class you can switch to another course at the same price or less, at no cost: if it costs less, we refund the difference to the payment you made.'}
      </p>
      {!open ? (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(true)}>
          Switch {kind}
        </button>
      ) : (
        <form
          ref={form}
          className="credit-form"
          aria-label={`Switch the ${kind} of ${item.planName}`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={offeringId}>{programmes ? 'Programme' : 'Course'}</label>
          <select
            id={offeringId}
            value={offering}
            onChange={(e) => {
              setOffering(e.target.value);
              setBatchId('');
            }}
          >
            <option value="">Choose a {kind}</option>
            {item.switchTargets.map((target) => (
              <option key={target.slug} value={target.slug}>
                {target.refund > 0 ? `${target.name} (${formatRupees(target.refund)} refunded)` : target.name}
              </option>
            ))}
          </select>
          {offering && <OpenBatches offering={offering} group={`switch-${item.id}`} selected={batchId} onSelect={setBatchId} what={kind} />}
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
          <div className="credit-form__actions">
            <button type="submit" className="btn btn--primary btn--sm" disabled={sending || !batchId} aria-busy={sending}>
              Switch to this batch
            </button>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(false)} disabled={sending}>
              Not now
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
