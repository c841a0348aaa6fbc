import type { BatchListing } from '@upskill/domain/enrollment';
import type { BatchTime } from '@upskill/domain/common';
import { batchHours, batchStart, seatsText } from './format';

interface Props {
  batches: BatchListing[] | undefined | 'failed';
  batchTime: BatchTime;
  selected: string | undefined;
  onSelect: (batch: BatchListing) => void;
  error?: string;
}

/**
 * The real batches at the chosen batch time: start date, days, hours and seats left. A full one stays
 * listed (the form then offers its waitlist); a batch that has not started is the only kind listed.
 */
export function BatchPicker({ batches, batchTime, selected, onSelect, error }: Props) {
  const atTime = Array.isArray(batches) ? batches.filter((b) => b.batchTime === batchTime) : [];
  return (
    <fieldset className="field batch-picker" aria-describedby={error ? 'batch-error' : undefined} aria-busy={batches === undefined}>
      <legend>Batch</legend>
      {batches === undefined && <p className="muted">Loading batches…</p>}
      {batches === 'failed' && (
        <p className="muted">We could not load the batches. You can still continue: we hold a seat in the next open {batchTime} batch.</p>
      )}
      {Array.isArray(batches) && atTime.length === 0 && (
        <p className="muted">No {batchTime} batch is open. Please choose another batch time.</p>
      )}
      {atTime.map((batch) => (
        <label key={batch.id} className={`batch-option${batch.seatsLeft === 0 ? ' batch-option--full' : ''}`}>
          <input type="radio" name="batchId" value={batch.id} checked={selected === batch.id} onChange={() => onSelect(batch)} />
          <span>
            <strong>{batchStart(batch)}</strong>
            <br />
            <span className="muted">
              {batchHours(batch)} · {batch.sessions} sessions
            </span>
          </span>
          <span className="batch-option__seats">{seatsText(batch)}</span>
        </label>
      ))}
      {error && (
        <span id="batch-error" className="field__error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
