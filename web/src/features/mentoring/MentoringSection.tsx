import { Suspense, lazy, useCallback, useId, useRef, useState } from 'react';
import type { BookingView, MentoringAnswer } from '@upskill/domain/mentoring';
import { PLACEMENT_LABELS, PLACEMENT_STATES, VERDICT_LABELS } from '@upskill/domain/mentoring';
import { askForPlacement, downloadMentoringCalendar, fetchMentoring } from './api';
import { type Signed } from './shared';
import { ZONES, browserZone, dayIn, useNow } from './time';
import './mentoring.css';
import { failureMessage } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { BookingItem } from './BookingItem';

// The booking and moving forms (the slot picker) load when the learner opens them.
const BookForm = lazy(() => import('./BookForm'));

/** Placement assistance: after a mock interview rated ready; the team's steps as they happen. */
function Placement({ answer, user, onChanged }: { answer: MentoringAnswer; user: Signed; onChanged: (note: string) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  if (answer.placements.length === 0 && !(answer.mayRequestPlacement && answer.readyBookings.length > 0)) return null;
  return (
    <div className="mentoring__placement">
      <h3>Placement assistance</h3>
      <p className="muted">Our placement team reviews your profile and refers you where it fits. We never promise a job or an outcome.</p>
      {answer.placements.map((p) => (
        <div key={p.id} data-testid="placement">
          <ol className="placement-steps" aria-label="Your placement request">
            {PLACEMENT_STATES.map((state) => (
              <li
                key={state}
                aria-current={p.state === state ? 'step' : undefined}
                className={p.history.some((h) => h.state === state) ? 'is-done' : ''}
              >
                {PLACEMENT_LABELS[state]}
              </li>
            ))}
          </ol>
          <p>
            Now: <strong data-testid="placement-state">{PLACEMENT_LABELS[p.state]}</strong>
          </p>
        </div>
      ))}
      {answer.mayRequestPlacement && answer.readyBookings.length > 0 && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) {
              setError('Say what roles and places you are looking for.');
              field.current?.focus();
              return;
            }
            setSending(true);
            askForPlacement(user, answer.readyBookings[0], note).then(
              () => onChanged('Your placement request is with our team.'),
              (err: unknown) => {
                setSending(false);
                setError(failureMessage(err, 'We could not reach the server. Please try again.'));
                field.current?.focus();
              },
            );
          }}
        >
          <label htmlFor={id}>What roles and places are you looking for?</label>
          <textarea
            id={id}
            className="input"
            ref={field}
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--sm" disabled={sending}>
            Ask for placement assistance
          </button>
        </form>
      )}
    </div>
  );
}

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
