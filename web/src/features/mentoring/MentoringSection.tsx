import { Suspense, lazy, useCallback, useId, useState } from 'react';
import type { BookingView } from '@upskill/domain/mentoring';
import { VERDICT_LABELS } from '@upskill/domain/mentoring';
import { downloadMentoringCalendar, fetchMentoring } from './api';
import { type Signed } from './shared';
import { useNow } from '../../lib/useNow';
import { ZONES, browserZone, dayIn } from './time';
import './mentoring.css';
import { failureMessage } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { BookingItem } from './BookingItem';
import { Placement } from './Placement';

// The booking and moving forms (the slot picker) load when the learner opens them.
const BookForm = lazy(() => import('./BookForm'));

/**
 * My Courses' mentoring: what the learner's plans give and what is left, booking a session, their sessions (join,
 * move, cancel, notes, scorecards and their trend) and placement assistance. Loaded only for plans that include it.
 */
export default function MentoringSection({ user }: { user: Signed }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchMentoring(user, signal), [user]),
    'Your mentoring could not be loaded. Check your connection, then try again.',
  );
  const [zone, setZone] = useState(browserZone);
  const [notice, setNotice] = useState<string>();
  const [booking, setBooking] = useState(false);
  const zoneId = useId();
  const changed = useCallback(
    (note: string) => {
      setNotice(note);
      reload();
    },
    [reload],
  );

  const zones = ZONES.includes(zone) ? ZONES : [zone, ...ZONES];
  const nowMs = useNow();
  return (
    <section id="mentoring" className="card mentoring" aria-labelledby="mentoring-title">
      <h2 id="mentoring-title">Mentoring</h2>
      {load.state === 'loading' && <p role="status">Loading your mentoring...</p>}
      {load.state === 'error' && <LoadFailed message={load.message} onRetry={reload} />}
      {notice && (
        <p className="status status--success" role="status" data-testid="mentoring-notice">
          {notice}
        </p>
      )}
      {load.state === 'done' && (
        <>
          <ul className="mentoring__allowances" aria-label="What your plans give">
            {load.answer.allowances.map((a) => (
              <li key={`${a.enrollmentId}-${a.kind}`} data-testid="allowance">
                <strong>{a.planName}:</strong> {a.summary}
              </li>
            ))}
          </ul>
          <div className="field mentoring__zone">
            <label htmlFor={zoneId}>Show times in</label>
            <select id={zoneId} className="input" value={zone} onChange={(e) => setZone(e.target.value)}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                  {z === browserZone() ? ' (this device)' : ''}
                </option>
              ))}
            </select>
          </div>
          {load.answer.allowances.some((a) => !a.inTrial) &&
            (booking ? (
              <Suspense fallback={<p role="status">Loading mentors...</p>}>
                <BookForm
                  answer={load.answer}
                  user={user}
                  zone={zone}
                  onBooked={(note) => {
                    setBooking(false);
                    changed(note);
                  }}
                />
              </Suspense>
            ) : (
              <button type="button" className="btn btn--primary btn--sm mentoring__open" onClick={() => setBooking(true)}>
                Book a session
              </button>
            ))}
          {load.answer.bookings.length > 0 && (
            <>
              <h3>Your sessions</h3>
              <ul className="mentoring__bookings">
                {[...load.answer.bookings].reverse().map((b) => (
                  <BookingItem
                    key={`${b.id}-${b.status}-${b.startsAtMs}`}
                    booking={b}
                    user={user}
                    zone={zone}
                    nowMs={nowMs}
                    onChanged={changed}
                  />
                ))}
              </ul>
              <CalendarDownload user={user} />
              <ScoreTrend bookings={load.answer.bookings} zone={zone} />
            </>
          )}
          <Placement answer={load.answer} user={user} onChanged={changed} />
        </>
      )}
    </section>
  );
}

/** The learner's mock interview scores over time: each interview's mean and verdict, oldest first. */
function ScoreTrend({ bookings, zone }: { bookings: BookingView[]; zone: string }) {
  const scored = bookings.filter((b) => b.scorecard);
  if (scored.length === 0) return null;
  return (
    <div className="mentoring__trend">
      <h3>Your mock interview scores</h3>
      <ol data-testid="score-trend">
        {scored.map((b) => (
          <li key={b.id}>
            {dayIn(b.startsAtMs, zone)}: {b.scorecard!.mean.toFixed(1)} of 5, {VERDICT_LABELS[b.scorecard!.verdict].toLowerCase()}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The sessions as an .ics file; they are also in the private calendar link, with the live classes. */
function CalendarDownload({ user }: { user: Signed }) {
  const [error, setError] = useState<string>();
  return (
    <div>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => {
          setError(undefined);
          downloadMentoringCalendar(user).catch((err: unknown) =>
            setError(failureMessage(err, 'We could not reach the server. Please try again.')),
          );
        }}
      >
        Add to calendar (.ics)
      </button>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
