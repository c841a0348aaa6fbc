import { Suspense, lazy, useId, useState } from 'react';
import type { BookingView } from '@upskill/domain/mentoring';
import { BOOKING_STATUS_LABELS, SESSION_LABELS, SESSION_MINUTES } from '@upskill/domain/mentoring';
import { cancelSession, joinLink, reportMentorNoShow } from './api';
import { Scorecard } from './Scorecard';
import { CUT_OFF_MS, capital, type Signed } from './shared';
import { bothZones } from './time';
import { failureMessage } from '../../lib/api';

// One of the learner's mentoring bookings on My Courses: when, with whom, joining, moving and cancelling it.

const MoveForm = lazy(() => import('./MoveForm'));

/** One booking: when, with whom, and what the learner may do with it now. */
export function BookingItem({
  booking,
  user,
  zone,
  nowMs,
  onChanged,
}: {
  booking: BookingView;
  user: Signed;
  zone: string;
  nowMs: number;
  onChanged: (note: string) => void;
}) {
  const [mode, setMode] = useState<'idle' | 'cancel' | 'move' | 'report'>('idle');
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  const [note, setNote] = useState('');
  const ids = { report: useId() };
  const label = SESSION_LABELS[booking.kind].one;
  const upcoming = booking.status === 'booked' && nowMs < booking.endsAtMs;
  const started = nowMs >= booking.startsAtMs;
  const joinable = booking.status === 'booked' && nowMs >= booking.joinOpensAtMs && nowMs < booking.endsAtMs;
  const inTime = booking.startsAtMs - nowMs >= CUT_OFF_MS;

  const run = async (work: () => Promise<string>) => {
    setWorking(true);
    setError(undefined);
    try {
      onChanged(await work());
      setMode('idle');
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Nothing changed; please try again.'));
    } finally {
      setWorking(false);
    }
  };
  const join = async () => {
    setError(undefined);
    try {
      const { meetingUrl } = await joinLink(user, booking.id, 'learner');
      window.location.assign(meetingUrl);
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Please try again.'));
    }
  };

  return (
    <li className="mentoring-booking" data-testid="mentoring-booking">
      <h4>
        {capital(label)} with {booking.mentorName}
      </h4>
      <p>
        {bothZones(booking.startsAtMs, zone)} · {SESSION_MINUTES[booking.kind]} minutes ·{' '}
        <span className="badge" data-testid="booking-status">
          {BOOKING_STATUS_LABELS[booking.status]}
        </span>
      </p>
      {!booking.counts && <p className="muted">This session came back to you to book again.</p>}
      {upcoming && (
        <div className="mentoring-booking__actions">
          {joinable ? (
            <button type="button" className="btn btn--primary btn--sm" onClick={() => void join()}>
              Join {label}
            </button>
          ) : (
            !started && <p className="muted">The Join button appears here 10 minutes before the start.</p>
          )}
          {!started && mode === 'idle' && (
            <>
              {inTime && (
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setMode('move')}>
                  Move
                </button>
              )}
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setMode('cancel')}>
                Cancel
              </button>
            </>
          )}
        </div>
      )}
      {mode === 'cancel' && (
        <div className="mentoring-booking__confirm" role="group" aria-label={`Cancel your ${label}`}>
          <p>
            {inTime
              ? 'Cancel it? The session comes back to you to book again.'
              : 'It is less than 12 hours before the session, so cancelling now uses it up. Cancel it anyway?'}
          </p>
          <button
            type="button"
            className="btn btn--danger btn--sm"
            disabled={working}
            onClick={() =>
              void run(async () => {
                await cancelSession(user, booking.id);
                return inTime ? `Cancelled. Your ${label} is yours to book again.` : `Cancelled. The ${label} is used.`;
              })
            }
          >
            Cancel session
          </button>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setMode('idle')}>
            Keep it
          </button>
        </div>
      )}
      {mode === 'move' && (
        <Suspense fallback={<p role="status">Loading times...</p>}>
          <MoveForm
            booking={booking}
            user={user}
            zone={zone}
            onKeep={() => setMode('idle')}
            onMoved={(note) => {
              setMode('idle');
              onChanged(note);
            }}
          />
        </Suspense>
      )}
      {booking.status === 'booked' && started && !booking.noShowReport && (
        <div>
          {mode !== 'report' ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setMode('report')}>
              Report that your mentor did not come
            </button>
          ) : (
            <form
              className="mentoring-booking__confirm"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void run(async () => {
                  await reportMentorNoShow(user, booking.id, note);
                  return 'Thank you. Our team will look into it and write to you.';
                });
              }}
            >
              <label htmlFor={ids.report}>What happened (optional)</label>
              <textarea
                id={ids.report}
                className="input"
                value={note}
                maxLength={1000}
                onChange={(e) => setNote(e.target.value)}
                rows={2}
              />
              <button type="submit" className="btn btn--primary btn--sm" disabled={working}>
                Send report
              </button>
            </form>
          )}
        </div>
      )}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      {booking.notes && (
        <div className="mentoring-booking__notes">
          <h5>Notes from {booking.mentorName}</h5>
          <p>{booking.notes.text}</p>
          {booking.notes.actionItems.length > 0 && (
            <>
              <h5>Action items</h5>
              <ul>
                {booking.notes.actionItems.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {booking.scorecard && <Scorecard scorecard={booking.scorecard} />}
    </li>
  );
}
