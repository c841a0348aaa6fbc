import { useId, useState } from 'react';
import type { BookingView } from '@upskill/domain/mentoring';
import { moveSession } from './api';
import { type Signed } from './shared';
import { SlotSelect, useSlots } from './slots';
import { bothZones } from './time';
import { failureMessage } from '../../lib/api';

/** Moving a booking: the same mentor's free starts for its kind; loaded when the learner asks to move it. */
export default function MoveForm({
  booking,
  user,
  zone,
  onMoved,
  onKeep,
}: {
  booking: BookingView;
  user: Signed;
  zone: string;
  onMoved: (note: string) => void;
  onKeep: () => void;
}) {
  const [newTime, setNewTime] = useState('');
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  const id = useId();
  const slots = useSlots(user, booking.mentorId, booking.kind);
  return (
    <form
      className="mentoring-booking__confirm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!newTime) return setError('Choose a new time.');
        setWorking(true);
        setError(undefined);
        moveSession(user, booking.id, newTime).then(
          (moved) => onMoved(`Moved to ${bothZones(moved.booking.startsAtMs, zone)}.${moved.warning ? ` ${moved.warning}` : ''}`),
          (err: unknown) => {
            setWorking(false);
            setError(failureMessage(err, 'We could not reach the server. Nothing changed; please try again.'));
          },
        );
      }}
    >
      <label htmlFor={id}>New time with {booking.mentorName}</label>
      {slots.state === 'loading' && <p role="status">Loading times...</p>}
      {slots.state === 'error' && (
        <p className="status status--error" role="alert">
          {slots.message}
        </p>
      )}
      {slots.state === 'done' && <SlotSelect id={id} slots={slots.answer.slots} zone={zone} value={newTime} onChange={setNewTime} />}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--sm" disabled={working}>
        Move session
      </button>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onKeep}>
        Keep the time
      </button>
    </form>
  );
}
