import { useEffect, useState } from 'react';
import type { SlotsAnswer, SessionKind } from '@upskill/domain/mentoring';
import { fetchSlots } from './api';
import { type Signed } from './shared';
import { INDIA, clockIn, dayIn } from './time';
import { failureMessage } from '../../lib/api';

/** A mentor's free starts for one kind, as a select grouped by day in the learner's zone, India's time beside. */
export function SlotSelect({
  slots,
  zone,
  value,
  onChange,
  id,
  describedBy,
}: {
  slots: SlotsAnswer['slots'];
  zone: string;
  value: string;
  onChange: (value: string) => void;
  id: string;
  describedBy?: string;
}) {
  const days = new Map<string, SlotsAnswer['slots']>();
  for (const slot of slots) {
    const day = dayIn(slot.startMs, zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy}>
      <option value="">Choose a time</option>
      {[...days].map(([day, list]) => (
        <optgroup key={day} label={day}>
          {list.map((slot) => (
            <option key={slot.startMs} value={new Date(slot.startMs).toISOString()}>
              {clockIn(slot.startMs, zone)}
              {zone === INDIA ? '' : ` (${clockIn(slot.startMs, INDIA)} IST)`}
              {slot.clashesWithClass ? ` · overlaps your class “${slot.clashesWithClass}”` : ''}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

type Slots = { state: 'idle' | 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: SlotsAnswer };

/** Loads a mentor's slots for a kind: idle while there is no mentor chosen, loading until the answer for this choice. */
export function useSlots(user: Signed, mentorId: string, kind: SessionKind | ''): Slots {
  const key = mentorId && kind ? `${mentorId}|${kind}` : '';
  const [result, setResult] = useState<{ key: string; slots: Slots }>({ key: '', slots: { state: 'idle' } });
  useEffect(() => {
    if (!key || !kind) return;
    const controller = new AbortController();
    fetchSlots(user, mentorId, kind, controller.signal).then(
      (answer) => setResult({ key, slots: { state: 'done', answer } }),
      (err: unknown) =>
        !controller.signal.aborted &&
        setResult({ key, slots: { state: 'error', message: failureMessage(err, 'The times could not be loaded. Please try again.') } }),
    );
    return () => controller.abort();
  }, [user, mentorId, kind, key]);
  if (!key) return { state: 'idle' };
  return result.key === key ? result.slots : { state: 'loading' };
}
