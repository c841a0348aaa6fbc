import { useEffect, useState } from 'react';
import type { BatchListing } from '@upskill/domain/enrollment';
import { fetchBatches } from '../batches';

type Batches = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; batches: BatchListing[] };

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * The open batches of one course or programme with a free seat, as radio buttons: what a credit is spent on and what
 * a course switches to. Loads them whenever the offering changes; says so when none has a seat.
 */
export function OpenBatches({
  offering,
  group,
  selected,
  onSelect,
  what,
}: {
  offering: string;
  /** The radio group's name. */
  group: string;
  selected: string;
  onSelect: (batchId: string) => void;
  /** "course" or "programme", for the sentence when none has a seat. */
  what: string;
}) {
  const [batches, setBatches] = useState<{ offering: string; load: Batches }>({ offering, load: { state: 'loading' } });
  useEffect(() => {
    let live = true;
    fetchBatches(offering).then(
      (answer) =>
        live &&
        setBatches({ offering, load: { state: 'done', batches: answer.batches.filter((b) => b.status === 'open' && b.seatsLeft > 0) } }),
      () => live && setBatches({ offering, load: { state: 'error', message: 'The batches could not be loaded. Please try again.' } }),
    );
    return () => {
      live = false;
    };
  }, [offering]);
  const load = batches.offering === offering ? batches.load : { state: 'loading' as const };
  if (load.state === 'loading') return <p role="status">Loading batches…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  if (load.batches.length === 0)
    return <p className="status status--info">No batch of this {what} has a free seat now. Choose another, or check again soon.</p>;
  return (
    <fieldset>
      <legend>Batch</legend>
      {load.batches.map((b) => (
        <label key={b.id} className="payment-method">
          <input type="radio" name={group} value={b.id} checked={selected === b.id} onChange={() => onSelect(b.id)} />
          {b.batchTime}, from {dayFormat.format(new Date(`${b.startDate}T12:00:00+05:30`))} · {b.seatsLeft} seat
          {b.seatsLeft === 1 ? '' : 's'} left
        </label>
      ))}
    </fieldset>
  );
}
