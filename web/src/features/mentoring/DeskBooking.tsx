import { useState } from 'react';
import type { User } from 'firebase/auth';
import type { BookingView, MentorDeskAnswer } from '@upskill/domain/mentoring';
import { BOOKING_STATUS_LABELS, SESSION_LABELS } from '@upskill/domain/mentoring';
import { failureMessage } from '../../lib/api';
import { deskAction, joinLink, type DeskAction } from './api';
import { Scorecard } from './Scorecard';
import { bothZones } from './time';
import { NotesForm, ScorecardForm } from './DeskForms';

/** One booking on the mentor's desk: its time in both zones, the join link, and what follows the session. */
type Desk = MentorDeskAnswer;

export function DeskBooking({
  booking,
  user,
  zone,
  nowMs,
  onChanged,
}: {
  booking: Desk['bookings'][number];
  user: User;
  zone: string;
  nowMs: number;
  onChanged: (b: BookingView, note: string) => void;
}) {
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const label = SESSION_LABELS[booking.kind].one;
  const started = nowMs >= booking.startsAtMs;
  const joinable = booking.status === 'booked' && nowMs >= booking.joinOpensAtMs && nowMs < booking.endsAtMs;
  const act = async (action: DeskAction, body: unknown) => {
    setError(undefined);
    try {
      const next = await deskAction(user, booking.id, action, body);
      onChanged(next, action === 'cancel' ? `Cancelled. ${booking.learnerName} gets the session back and a link to book again.` : 'Saved.');
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Nothing changed; please try again.'));
    }
  };
  return (
    <li className="card mentoring-booking" data-testid="desk-booking">
      <h3>
        {label.charAt(0).toUpperCase() + label.slice(1)} with {booking.learnerName}
      </h3>
      <p>
        {bothZones(booking.startsAtMs, zone)} · <span className="muted">{booking.learnerEmail}</span> ·{' '}
        <span className="badge">{BOOKING_STATUS_LABELS[booking.status]}</span>
      </p>
      {booking.outsideHours && booking.status === 'booked' && (
        <p className="status status--info">Outside your hours as they now stand. It stands; cancel it if you cannot make it.</p>
      )}
      {booking.noShowReport?.by === 'learner' && (
        <p className="status status--error">
          The learner reports that you did not come: {booking.noShowReport.note || 'no note'}. Our team will be in touch.
        </p>
      )}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <div className="mentoring-booking__actions">
        {joinable && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() =>
              void joinLink(user, booking.id, 'mentor').then(
                ({ meetingUrl }) => window.location.assign(meetingUrl),
                (err: unknown) => setError(failureMessage(err, 'We could not reach the server.')),
              )
            }
          >
            Join {label}
          </button>
        )}
        {booking.status === 'booked' && !started && !confirming && (
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setConfirming(true)}>
            Cancel session
          </button>
        )}
        {confirming && (
          <>
            <p>Cancel it? {booking.learnerName} gets the session back and a mail with a link to book again.</p>
            <button type="button" className="btn btn--danger btn--sm" onClick={() => void act('cancel', {})}>
              Yes, cancel it
            </button>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        )}
        {booking.status === 'booked' && started && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void act('no-show', { note: '' })}>
            Mark the learner as not come
          </button>
        )}
      </div>
      {started && booking.status !== 'cancelled' && (
        <details open={!booking.notes}>
          <summary>Notes and action items</summary>
          <NotesForm booking={booking} act={act} />
        </details>
      )}
      {started && booking.status !== 'cancelled' && booking.kind === 'mock-interview' && (
        <details open={!booking.scorecard}>
          <summary>Scorecard</summary>
          {booking.scorecard && <Scorecard scorecard={booking.scorecard} />}
          <ScorecardForm booking={booking} act={act} />
        </details>
      )}
    </li>
  );
}
