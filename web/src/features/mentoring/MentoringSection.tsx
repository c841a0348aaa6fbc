import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { BookingView, MentorCard, MentoringAnswer, SlotsAnswer } from '@upskill/domain/mentoringApi';
import { BOOKING_STATUS_LABELS } from '@upskill/domain/mentoringDocuments';
import {
  PLACEMENT_LABELS,
  PLACEMENT_STATES,
  SESSION_LABELS,
  SESSION_MINUTES,
  VERDICT_LABELS,
  type SessionKind,
} from '@upskill/domain/mentoringTerms';
import { ApiError } from '../../lib/api';
import {
  askForPlacement,
  bookSession,
  downloadMentoringCalendar,
  cancelSession,
  fetchMentoring,
  fetchSlots,
  joinLink,
  moveSession,
  reportMentorNoShow,
} from './api';
import { Scorecard } from './Scorecard';
import { INDIA, ZONES, bothZones, browserZone, dayIn, clockIn, useNow } from './time';
import './mentoring.css';

type Signed = { getIdToken(): Promise<string> };
type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: MentoringAnswer };

/** The 12-hour cut-off, as the server applies it (domain mentoringRules.changeOutcome). */
const CUT_OFF_MS = 12 * 3_600_000;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 ? err.message : fallback);

/** A mentor's free starts for one kind, as a select grouped by day in the learner's zone, India's time beside. */
function SlotSelect({
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
function useSlots(user: Signed, mentorId: string, kind: SessionKind | ''): Slots {
  const key = mentorId && kind ? `${mentorId}|${kind}` : '';
  const [result, setResult] = useState<{ key: string; slots: Slots }>({ key: '', slots: { state: 'idle' } });
  useEffect(() => {
    if (!key || !kind) return;
    const controller = new AbortController();
    fetchSlots(user, mentorId, kind, controller.signal).then(
      (answer) => setResult({ key, slots: { state: 'done', answer } }),
      (err: unknown) =>
        !controller.signal.aborted &&
        setResult({ key, slots: { state: 'error', message: messageOf(err, 'The times could not be loaded. Please try again.') } }),
    );
    return () => controller.abort();
  }, [user, mentorId, kind, key]);
  if (!key) return { state: 'idle' };
  return result.key === key ? result.slots : { state: 'loading' };
}

/** Book: the kind, then a mentor who offers it (the named advisor for advisor calls), then a time, then confirm. */
function BookForm({
  answer,
  user,
  zone,
  onBooked,
}: {
  answer: MentoringAnswer;
  user: Signed;
  zone: string;
  onBooked: (note: string) => void;
}) {
  const kinds = [...new Set(answer.allowances.map((a) => a.kind))];
  const left = (kind: SessionKind) => answer.allowances.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.left, 0);
  const [kind, setKind] = useState<SessionKind | ''>(kinds.length === 1 && left(kinds[0]) > 0 ? kinds[0] : '');
  const [mentorId, setMentorId] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const slots = useSlots(user, mentorId, kind);
  const form = useRef<HTMLFormElement>(null);
  const ids = { slot: useId(), note: useId(), error: useId() };
  const named = answer.mentors.find((m) => m.advisor);
  const mentors: MentorCard[] = !kind
    ? []
    : kind === 'advisor-call' && named
      ? [named]
      : answer.mentors.filter((m) => m.kinds.includes(kind));

  const fail = (message: string, focus: string) => {
    setError(message);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(focus)?.focus());
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!kind) return fail('Choose a kind of session.', 'input[name=kind]:not(:disabled)');
    if (!mentorId) return fail('Choose a mentor.', 'input[name=mentor]');
    if (!startsAt) return fail('Choose a time.', `#${CSS.escape(ids.slot)}`);
    setSending(true);
    setError(undefined);
    try {
      const booked = await bookSession(user, { kind, mentorId, startsAt });
      const b = booked.booking;
      onBooked(
        `Booked: your ${SESSION_LABELS[b.kind].one} with ${b.mentorName}, ${bothZones(b.startsAtMs, zone)}.${booked.warning ? ` ${booked.warning}` : ''}`,
      );
    } catch (err) {
      setSending(false);
      fail(messageOf(err, 'We could not reach the server. Nothing was booked; please try again.'), `#${CSS.escape(ids.error)}`);
    }
  };

  return (
    <form ref={form} className="mentoring__book" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids.note}-title`}>
      <h3 id={`${ids.note}-title`}>Book a session</h3>
      <fieldset>
        <legend>Kind of session</legend>
        {kinds.map((k) => (
          <label key={k} className="choice">
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              disabled={left(k) === 0}
              onChange={() => {
                setKind(k);
                setMentorId('');
                setStartsAt('');
              }}
            />
            {capital(SESSION_LABELS[k].one)} ({SESSION_MINUTES[k]} minutes){left(k) === 0 ? ': none left for now' : ''}
          </label>
        ))}
      </fieldset>
      {kind && (
        <fieldset>
          <legend>Mentor</legend>
          {mentors.length === 0 && <p className="muted">No mentor offers this kind of session right now. Please check again soon.</p>}
          <ul className="mentor-cards">
            {mentors.map((m) => (
              <li key={m.id}>
                <label className="mentor-card">
                  <input
                    type="radio"
                    name="mentor"
                    value={m.id}
                    checked={mentorId === m.id}
                    onChange={() => {
                      setMentorId(m.id);
                      setStartsAt('');
                    }}
                  />
                  <span>
                    <strong>{m.name}</strong>
                    {m.advisor && <span className="badge">Your learning advisor</span>}
                    <span className="muted">{m.headline}</span>
                    <span className="muted">
                      {m.courses.join(', ')} · {m.languages.join(', ')} · {m.timeZone.replace(/_/g, ' ')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {mentorId && (
        <div className="field">
          <label htmlFor={ids.slot}>Time</label>
          {slots.state === 'loading' && <p role="status">Loading times...</p>}
          {slots.state === 'error' && (
            <p className="status status--error" role="alert">
              {slots.message}
            </p>
          )}
          {slots.state === 'done' &&
            (slots.answer.slots.length === 0 ? (
              <p className="muted">No free times in the next weeks. Choose another mentor, or check again soon.</p>
            ) : (
              <SlotSelect
                id={ids.slot}
                slots={slots.answer.slots}
                zone={zone}
                value={startsAt}
                onChange={setStartsAt}
                describedBy={ids.note}
              />
            ))}
        </div>
      )}
      <p id={ids.note} className="muted mentoring__note">
        You can move or cancel a session up to 12 hours before it starts, and it comes back to you. Cancelling later uses it up.
      </p>
      {error && (
        <p id={ids.error} className="status status--error" role="alert" tabIndex={-1}>
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--sm" disabled={sending} aria-busy={sending}>
        {kind ? `Book ${SESSION_LABELS[kind].one}` : 'Book'}
      </button>
    </form>
  );
}

/** One booking: when, with whom, and what the learner may do with it now. */
function BookingItem({
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
  const [newTime, setNewTime] = useState('');
  const [note, setNote] = useState('');
  const ids = { move: useId(), report: useId() };
  const slots = useSlots(user, mode === 'move' ? booking.mentorId : '', booking.kind);
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
      setError(messageOf(err, 'We could not reach the server. Nothing changed; please try again.'));
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
      setError(messageOf(err, 'We could not reach the server. Please try again.'));
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
      {booking.status === 'cancelled' && !booking.counts && <p className="muted">This session came back to you to book again.</p>}
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
        <form
          className="mentoring-booking__confirm"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!newTime) return setError('Choose a new time.');
            void run(async () => {
              const moved = await moveSession(user, booking.id, newTime);
              return `Moved to ${bothZones(moved.booking.startsAtMs, zone)}.${moved.warning ? ` ${moved.warning}` : ''}`;
            });
          }}
        >
          <label htmlFor={ids.move}>New time with {booking.mentorName}</label>
          {slots.state === 'loading' && <p role="status">Loading times...</p>}
          {slots.state === 'done' && (
            <SlotSelect id={ids.move} slots={slots.answer.slots} zone={zone} value={newTime} onChange={setNewTime} />
          )}
          <button type="submit" className="btn btn--primary btn--sm" disabled={working}>
            Move session
          </button>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setMode('idle')}>
            Keep the time
          </button>
        </form>
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
                setError(messageOf(err, 'We could not reach the server. Please try again.'));
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
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [zone, setZone] = useState(browserZone);
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  const zoneId = useId();
  const changed = useCallback((note: string) => {
    setNotice(note);
    setVersion((v) => v + 1);
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    fetchMentoring(user, controller.signal).then(
      (answer) => setLoad({ state: 'done', answer }),
      (err: unknown) =>
        !controller.signal.aborted &&
        setLoad({ state: 'error', message: messageOf(err, 'Your mentoring could not be loaded. Please reload the page.') }),
    );
    return () => controller.abort();
  }, [user, version]);

  const zones = ZONES.includes(zone) ? ZONES : [zone, ...ZONES];
  const nowMs = useNow();
  return (
    <section id="mentoring" className="card mentoring" aria-labelledby="mentoring-title">
      <h2 id="mentoring-title">Mentoring</h2>
      {load.state === 'loading' && <p role="status">Loading your mentoring...</p>}
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      )}
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
          {load.answer.allowances.some((a) => !a.inTrial) && (
            <BookForm key={version} answer={load.answer} user={user} zone={zone} onBooked={changed} />
          )}
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
            setError(messageOf(err, 'We could not reach the server. Please try again.')),
          );
        }}
      >
        Add my sessions to a calendar (.ics)
      </button>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
