import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { User } from 'firebase/auth';
import { COURSES } from '@upskill/domain/courses';
import type { BookingView, MentorDeskAnswer } from '@upskill/domain/mentoringApi';
import { BOOKING_STATUS_LABELS } from '@upskill/domain/mentoringDocuments';
import { mentorProfileSchema, scorecardSchema, sessionNotesSchema } from '@upskill/domain/mentoringRules';
import { SCORECARD_CRITERIA, SESSION_KINDS, SESSION_LABELS, VERDICTS, VERDICT_LABELS } from '@upskill/domain/mentoringTerms';
import { FormField } from '../../components/FormField';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { deskAction, fetchDesk, joinLink, saveProfile, type DeskAction } from './api';
import { schemaErrors } from '../../lib/schemaErrors';
import { Scorecard } from './Scorecard';
import { INDIA, ZONES, bothZones, browserZone, useNow } from './time';
import './mentoring.css';

type Desk = MentorDeskAnswer;
type Load =
  { state: 'loading' } | { state: 'not-mentor'; message: string } | { state: 'error'; message: string } | { state: 'done'; desk: Desk };
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

// ---- The profile and hours form ----

interface ProfileValues {
  name: string;
  headline: string;
  photo: string;
  courseIds: string[];
  languages: string;
  kinds: string[];
  timeZone: string;
  day0: string;
  day1: string;
  day2: string;
  day3: string;
  day4: string;
  day5: string;
  day6: string;
  overrides: string;
  bufferMinutes: string;
  dailyMax: string;
}
type DayField = `day${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
const dayField = (day: number) => `day${day}` as DayField;

/** "09:00-12:00, 14:00-17:00" as ranges; a piece that is not a range is kept as it is, for the schema to name. */
const rangesOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = part, end = ''] = part.split(/\s*[-–]\s*/);
      return { start, end };
    });
const rangesText = (ranges: { start: string; end: string }[] | undefined) => (ranges ?? []).map((r) => `${r.start}-${r.end}`).join(', ');

/** One override per line: "2026-12-25: off" or "2026-12-26: 10:00-12:00". */
const overridesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [date, hours = ''] = line.split(/:\s+|:(?=\s*off)/i);
      return { date: date.trim(), hours: /^\s*off\s*$/i.test(hours) ? [] : rangesOf(hours) };
    });

function bodyOf(v: ProfileValues) {
  const courseIds = v.courseIds.map(Number);
  return {
    name: v.name,
    headline: v.headline,
    photo: v.photo.trim() || null,
    courseIds,
    // The categories follow from the courses: one less thing to keep in step.
    categories: [...new Set(COURSES.filter((c) => courseIds.includes(c.id)).map((c) => c.category))],
    languages: v.languages
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
    kinds: v.kinds,
    availability: {
      timeZone: v.timeZone,
      weekly: Object.fromEntries(DAYS.map((_, day) => [String(day), rangesOf(v[dayField(day)])])),
      overrides: overridesOf(v.overrides),
      bufferMinutes: Number(v.bufferMinutes),
      dailyMax: Number(v.dailyMax),
    },
  };
}

/** The schema's path (or the server's field) to the form's field. */
function fieldOf(path: string): keyof ProfileValues {
  const day = /^availability\.weekly\.(\d)/.exec(path);
  if (day) return dayField(Number(day[1]));
  if (path.startsWith('availability.overrides')) return 'overrides';
  const avail = /^availability\.(timeZone|bufferMinutes|dailyMax)/.exec(path);
  if (avail) return avail[1] as keyof ProfileValues;
  const top = path.split(/[.[]/)[0];
  return (top === 'categories' ? 'courseIds' : top) as keyof ProfileValues;
}

function defaultsOf(profile: Desk['profile']): ProfileValues {
  const a = profile?.availability;
  return {
    name: profile?.name ?? '',
    headline: profile?.headline ?? '',
    photo: profile?.photo ?? '',
    courseIds: (profile?.courseIds ?? []).map(String),
    languages: (profile?.languages ?? ['English']).join(', '),
    kinds: profile?.kinds ?? ['mentor-call'],
    timeZone: a?.timeZone ?? browserZone(),
    ...(Object.fromEntries(DAYS.map((_, day) => [dayField(day), rangesText(a?.weekly[day as 0])])) as Record<DayField, string>),
    overrides: (a?.overrides ?? []).map((o) => `${o.date}: ${o.hours.length ? rangesText(o.hours) : 'off'}`).join('\n'),
    bufferMinutes: String(a?.bufferMinutes ?? 10),
    dailyMax: String(a?.dailyMax ?? 4),
  };
}

function ProfileForm({ desk, user, onSaved }: { desk: Desk; user: User; onSaved: (desk: Desk, note: string) => void }) {
  const [alert, setAlert] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ defaultValues: defaultsOf(desk.profile) });
  const zones = [...new Set([browserZone(), ...ZONES])];

  const submit = async (values: ProfileValues) => {
    setAlert(undefined);
    const body = bodyOf(values);
    // The domain's schema first, as the server runs it: the same messages, before anything is sent.
    let fields = await schemaErrors(mentorProfileSchema, body, fieldOf);
    if (Object.keys(fields).length === 0) {
      try {
        const saved = await saveProfile(user, body);
        const moved = saved.outsideHours.length;
        onSaved(
          saved,
          moved === 0
            ? 'Saved. Learners see your new hours now.'
            : `Saved. ${moved} booked session${moved === 1 ? ' is' : 's are'} outside your new hours: ${moved === 1 ? 'it stands' : 'they stand'}, marked below. Cancel any you cannot make, and the learner gets the session back.`,
        );
        return;
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          fields = Object.fromEntries(Object.entries(err.fields).map(([k, m]) => [fieldOf(k), m]));
        } else {
          setAlert(failureMessage(err, 'We could not reach the server. Nothing was saved; please try again.'));
          return;
        }
      }
    }
    const order: (keyof ProfileValues)[] = [
      'name',
      'headline',
      'photo',
      'courseIds',
      'languages',
      'kinds',
      'timeZone',
      ...DAYS.map((_, d) => dayField(d)),
      'overrides',
      'bufferMinutes',
      'dailyMax',
    ];
    const named = order.filter((f) => fields[f]);
    for (const f of named) setError(f, { message: fields[f] });
    if (named[0]) setFocus(named[0]);
    else setAlert(Object.values(fields)[0]);
  };

  return (
    <form className="card mentor-desk__profile" noValidate onSubmit={handleSubmit(submit)} aria-labelledby="profile-title">
      <h2 id="profile-title">Your profile and hours</h2>
      {!desk.profile && <p className="status status--info">Learners see you once your profile and hours are saved.</p>}
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      <FormField label="Name" error={errors.name?.message}>
        <input className="input" autoComplete="name" {...register('name')} />
      </FormField>
      <FormField
        label="Headline"
        hint="What you do, in a line: e.g. Backend engineer, 8 years at a fintech"
        error={errors.headline?.message}
      >
        <input className="input" {...register('headline')} />
      </FormField>
      <FormField label="Photo (optional)" hint="An https link to a square portrait" error={errors.photo?.message}>
        <input className="input" type="url" {...register('photo')} />
      </FormField>
      <fieldset className="field" aria-describedby={errors.courseIds ? 'courses-error' : undefined}>
        <legend>Courses you mentor on</legend>
        <div className="mentor-desk__courses">
          {COURSES.map((c) => (
            <label key={c.id} className="choice">
              <input type="checkbox" value={String(c.id)} {...register('courseIds')} /> {c.name}
            </label>
          ))}
        </div>
        {errors.courseIds && (
          <span id="courses-error" className="field__error">
            {errors.courseIds.message}
          </span>
        )}
      </fieldset>
      <FormField label="Languages" hint="Separated by commas" error={errors.languages?.message}>
        <input className="input" {...register('languages')} />
      </FormField>
      <fieldset className="field" aria-describedby={errors.kinds ? 'kinds-error' : undefined}>
        <legend>Sessions you offer</legend>
        {SESSION_KINDS.map((k) => (
          <label key={k} className="choice">
            <input type="checkbox" value={k} {...register('kinds')} /> {SESSION_LABELS[k].many}
          </label>
        ))}
        {errors.kinds && (
          <span id="kinds-error" className="field__error">
            {errors.kinds.message}
          </span>
        )}
      </fieldset>
      <FormField
        label="Your time zone"
        hint="Your hours below are in this zone; learners see them in theirs."
        error={errors.timeZone?.message}
      >
        <select className="input" {...register('timeZone')}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="field hours-grid">
        <legend>Weekly hours</legend>
        <p className="field__hint">24-hour times, ranges separated by commas: 09:00-12:00, 14:00-17:00. Leave a day empty for no hours.</p>
        {DAYS.map((day, index) => (
          <FormField key={day} label={day} error={errors[dayField(index)]?.message}>
            <input className="input" inputMode="text" {...register(dayField(index))} />
          </FormField>
        ))}
      </fieldset>
      <FormField label="Date overrides" hint="One a line: 2026-12-25: off, or 2026-12-26: 10:00-12:00" error={errors.overrides?.message}>
        <textarea className="input" rows={3} {...register('overrides')} />
      </FormField>
      <FormField label="Buffer after each session (minutes)" error={errors.bufferMinutes?.message}>
        <input className="input" type="number" inputMode="numeric" min={0} max={60} {...register('bufferMinutes')} />
      </FormField>
      <FormField label="Most sessions a day" error={errors.dailyMax?.message}>
        <input className="input" type="number" inputMode="numeric" min={1} max={12} {...register('dailyMax')} />
      </FormField>
      <button type="submit" className="btn btn--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
        Save profile and hours
      </button>
    </form>
  );
}

// ---- After a session: notes, the scorecard, a no-show ----

/** Focus moves to the first field in error: a field itself, or a group's first choice. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid=true]');
  (first?.tagName === 'FIELDSET' ? first.querySelector<HTMLElement>('input') : first)?.focus();
}

function NotesForm({ booking, act }: { booking: BookingView; act: (action: DeskAction, body: unknown) => Promise<void> }) {
  const [notes, setNotes] = useState(booking.notes?.text ?? '');
  const [items, setItems] = useState((booking.notes?.actionItems ?? []).join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ids = { notes: useId(), items: useId() };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      notes,
      actionItems: items
        .split('\n')
        .map((i) => i.trim())
        .filter(Boolean),
    };
    const found = await schemaErrors(sessionNotesSchema, body);
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    setSaving(true);
    await act('notes', body).finally(() => setSaving(false));
  };
  return (
    <form ref={form} className="mentor-form" noValidate onSubmit={(e) => void submit(e)} aria-label={`Notes for ${booking.learnerName}`}>
      <div className="field">
        <label htmlFor={ids.notes}>Notes for the learner</label>
        <textarea
          id={ids.notes}
          className="input"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${ids.notes}-e` : undefined}
        />
        {errors.notes && (
          <span id={`${ids.notes}-e`} className="field__error">
            {errors.notes}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.items}>Action items, one a line</label>
        <textarea
          id={ids.items}
          className="input"
          rows={3}
          value={items}
          onChange={(e) => setItems(e.target.value)}
          aria-invalid={errors.actionItems ? true : undefined}
          aria-describedby={errors.actionItems ? `${ids.items}-e` : undefined}
        />
        {errors.actionItems && (
          <span id={`${ids.items}-e`} className="field__error">
            {errors.actionItems}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary btn--sm" disabled={saving}>
        Save notes
      </button>
    </form>
  );
}

function ScorecardForm({ booking, act }: { booking: BookingView; act: (action: DeskAction, body: unknown) => Promise<void> }) {
  const [ratings, setRatings] = useState<Record<string, number>>(booking.scorecard?.ratings ?? {});
  const [comments, setComments] = useState(booking.scorecard?.comments ?? '');
  const [verdict, setVerdict] = useState<string>(booking.scorecard?.verdict ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { ratings, comments, verdict };
    // Per criterion, so each group shows its own message.
    const found = await schemaErrors(scorecardSchema, body, (path) =>
      path.startsWith('ratings.') ? path.slice(8) : path.split(/[.[]/)[0],
    );
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    setSaving(true);
    await act('scorecard', body).finally(() => setSaving(false));
  };
  return (
    <form
      ref={form}
      className="mentor-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={`Scorecard for ${booking.learnerName}`}
    >
      {SCORECARD_CRITERIA.map(({ key, label }) => (
        <fieldset
          key={key}
          className="rating-row"
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${key}` : undefined}
        >
          <legend>{label}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="choice">
              <input
                type="radio"
                name={`${id}-${key}`}
                value={n}
                checked={ratings[key] === n}
                onChange={() => setRatings({ ...ratings, [key]: n })}
              />{' '}
              {n}
            </label>
          ))}
          {errors[key] && (
            <span id={`${id}-${key}`} className="field__error">
              {errors[key]}
            </span>
          )}
        </fieldset>
      ))}
      <div className="field">
        <label htmlFor={`${id}-comments`}>Comments</label>
        <textarea
          id={`${id}-comments`}
          className="input"
          rows={3}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          aria-invalid={errors.comments ? true : undefined}
          aria-describedby={errors.comments ? `${id}-comments-e` : undefined}
        />
        {errors.comments && (
          <span id={`${id}-comments-e`} className="field__error">
            {errors.comments}
          </span>
        )}
      </div>
      <fieldset
        className="rating-row"
        aria-invalid={errors.verdict ? true : undefined}
        aria-describedby={errors.verdict ? `${id}-verdict` : undefined}
      >
        <legend>Verdict</legend>
        {VERDICTS.map((v) => (
          <label key={v} className="choice">
            <input type="radio" name={`${id}-verdict`} value={v} checked={verdict === v} onChange={() => setVerdict(v)} />{' '}
            {VERDICT_LABELS[v]}
          </label>
        ))}
        {errors.verdict && (
          <span id={`${id}-verdict`} className="field__error">
            {errors.verdict}
          </span>
        )}
      </fieldset>
      <button type="submit" className="btn btn--primary btn--sm" disabled={saving}>
        Save scorecard
      </button>
    </form>
  );
}

function DeskBooking({
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

function Desk({ user }: { user: User }) {
  const nowMs = useNow();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchDesk(user, controller.signal).then(
      (desk) => setLoad({ state: 'done', desk }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 403) setLoad({ state: 'not-mentor', message: err.message });
        else
          setLoad({
            state: 'error',
            message: failureMessage(err, 'Your mentoring could not be loaded. Check your connection, then try again.'),
          });
      },
    );
    return () => controller.abort();
  }, [user, attempt]);
  const show = useCallback((note: string) => {
    setNotice(note);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  if (load.state === 'loading') return <p role="status">Loading…</p>;
  if (load.state === 'error')
    return (
      <LoadFailed
        message={load.message}
        onRetry={() => {
          setLoad({ state: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  if (load.state === 'not-mentor')
    return (
      <div className="state">
        <p>{load.message} Mentors are added by our team. Your own sessions are on My Courses.</p>
        <Link className="btn btn--primary" to={paths.myCourses}>
          My Courses
        </Link>
      </div>
    );
  const { desk } = load;
  const zone = desk.profile?.availability.timeZone ?? INDIA;
  const upcoming = desk.bookings.filter((b) => b.endsAtMs > nowMs);
  const past = desk.bookings.filter((b) => b.endsAtMs <= nowMs).reverse();
  const replace = (next: BookingView, note: string) => {
    setLoad({ state: 'done', desk: { ...desk, bookings: desk.bookings.map((b) => (b.id === next.id ? { ...b, ...next } : b)) } });
    show(note);
  };
  return (
    <div className="mentor-desk mentoring">
      {notice && (
        <p ref={noticeRef} tabIndex={-1} className="status status--success" role="status">
          {notice}
        </p>
      )}
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Coming up</h2>
        {upcoming.length === 0 ? (
          <p className="muted">No sessions booked yet.</p>
        ) : (
          <ul className="mentoring__bookings">
            {upcoming.map((b) => (
              <DeskBooking key={b.id} booking={b} user={user} zone={zone} nowMs={nowMs} onChanged={replace} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-title">
          <h2 id="past-title">Past sessions</h2>
          <ul className="mentoring__bookings">
            {past.map((b) => (
              <DeskBooking key={b.id} booking={b} user={user} zone={zone} nowMs={nowMs} onChanged={replace} />
            ))}
          </ul>
        </section>
      )}
      {desk.isMentor ? (
        <ProfileForm
          key={desk.profile ? 'saved' : 'new'}
          desk={desk}
          user={user}
          onSaved={(next, note) => (setLoad({ state: 'done', desk: next }), show(note))}
        />
      ) : (
        <p className="status status--info">
          You see this page as staff. Mentors keep their profile and hours here; make one on the console’s Team page.
        </p>
      )}
    </div>
  );
}

export default function MentoringPage() {
  useDocumentMeta('My mentoring', 'Your mentoring sessions, notes, scorecards and hours.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container">
        <h1>My mentoring</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Desk user={auth.user} />
        ) : (
          <div className="state">
            <p>User is not logged in.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.mentoring }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
