import { useEffect, useId, useRef, useState } from 'react';
import type { MentorCard, MentoringAnswer } from '@upskill/domain/mentoring';
import { SESSION_LABELS, SESSION_MINUTES, type SessionKind } from '@upskill/domain/mentoring';
import { bookSession, searchMentors } from './api';
import { capital, type Signed } from './shared';
import { SlotSelect, useSlots } from './slots';
import { bothZones } from './time';
import { failureMessage } from '../../lib/api';

/** Book: the kind, then a mentor who offers it (the named advisor for advisor calls), then a time, then confirm. */
export default function BookForm({
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
  const [chosen, setChosen] = useState<MentorCard>();
  const [startsAt, setStartsAt] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const slots = useSlots(user, mentorId, kind);
  // The mentors listed are a page of them (the server's MENTOR_CARDS of each kind); any other is found by name.
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ q: string; mentors: MentorCard[] } | { q: string; error: string } | null>(null);
  const wanted = search.trim();
  useEffect(() => {
    if (!kind || !wanted) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchMentors(user, kind, wanted, controller.signal).then(
        (answer) => setFound({ q: wanted, mentors: answer.mentors }),
        (err: unknown) =>
          !controller.signal.aborted && setFound({ q: wanted, error: failureMessage(err, 'The search could not be done. Try again.') }),
      );
    }, 300);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [user, kind, wanted]);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from "Book a session": the keyboard continues in the form.
  useEffect(() => heading.current?.focus(), []);
  const ids = { slot: useId(), note: useId(), error: useId(), search: useId() };
  const named = answer.mentors.find((m) => m.advisor);
  const searchable = Boolean(kind) && !(kind === 'advisor-call' && named);
  const result = searchable && wanted && found?.q === wanted ? found : null;
  const listed: MentorCard[] = !kind
    ? []
    : kind === 'advisor-call' && named
      ? [named]
      : result && 'mentors' in result
        ? result.mentors
        : answer.mentors.filter((m) => m.kinds.includes(kind));
  // The mentor chosen stays in view (first) while another search lists others.
  const mentors = chosen && chosen.id === mentorId && !listed.some((m) => m.id === chosen.id) ? [chosen, ...listed] : listed;

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
      fail(failureMessage(err, 'We could not reach the server. Nothing was booked; please try again.'), `#${CSS.escape(ids.error)}`);
    }
  };

  return (
    <form ref={form} className="mentoring__book" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids.note}-title`}>
      <h3 id={`${ids.note}-title`} ref={heading} tabIndex={-1}>
        Book a session
      </h3>
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
                setSearch('');
                setFound(null);
              }}
            />
            {capital(SESSION_LABELS[k].one)} ({SESSION_MINUTES[k]} minutes){left(k) === 0 ? ': none left for now' : ''}
          </label>
        ))}
      </fieldset>
      {kind && (
        <fieldset>
          <legend>Mentor</legend>
          {searchable && (
            <div className="field mentoring__search">
              <label htmlFor={ids.search}>Find a mentor by name</label>
              <input
                id={ids.search}
                type="search"
                className="input"
                value={search}
                autoComplete="off"
                onChange={(e) => setSearch(e.target.value)}
                // Enter searches (at once, as typing does after a pause); it does not book.
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              />
            </div>
          )}
          {searchable && wanted && !result && <p role="status">Looking for mentors named “{wanted}”...</p>}
          {result && 'error' in result && (
            <p className="status status--error" role="alert">
              {result.error}
            </p>
          )}
          {result && 'mentors' in result && result.mentors.length === 0 && (
            <p className="muted">No mentor offering this kind of session has a name starting with “{wanted}”.</p>
          )}
          {!wanted && mentors.length === 0 && (
            <p className="muted">No mentor offers this kind of session right now. Please check again soon.</p>
          )}
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
                      setChosen(m);
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
