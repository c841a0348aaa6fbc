import { useId, useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import type { LearnerBatch, LearnerDeadline, LearnerSession } from '@upskill/domain/enrollment';
import { WORK_STATE_LABELS, formatIndiaMoment } from '@upskill/domain/assignments';
import { SESSION_STATUS_LABELS, countdown, joinOpensAtMs, joinRefusal, nextSession } from '@upskill/domain/learning';
import { ApiError } from '../../lib/api';
import { downloadBatchCalendar, joinSession } from './api';
import { useServerClock } from './useServerClock';
import { CertificateBox } from './CertificateBox';

const IST = 'Asia/Kolkata';
const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: IST });
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: IST });
// "8 December 2027", as the domain's formatLongIndiaDate writes it, without the time-zone library My Courses need not load.
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: IST });
const longFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: IST,
});

/** A held session's recording not yet there: when it is expected, or that it is late and the instructor was told. */
function RecordingOwed({ dueAt, nowMs }: { dueAt: string; nowMs: number }) {
  const due = formatIndiaMoment(Date.parse(dueAt));
  return nowMs < Date.parse(dueAt) ? (
    <span className="muted" data-testid="recording-expected">
      Expected by {due}
    </span>
  ) : (
    <span data-testid="recording-late">Late (was due {due}): the instructor is reminded</span>
  );
}

/** The progress tracker: where the learner is behind, and each milestone reached or still ahead. */
function ProgressView({ batch }: { batch: LearnerBatch }) {
  const reached = batch.milestones.filter((m) => m.reached).length;
  const headingId = useId();
  return (
    <div className="progress-view" data-testid="progress-view">
      <h4 id={headingId}>
        Your progress: {reached} of {batch.milestones.length} milestones
      </h4>
      {batch.behind.length > 0 && (
        <div className="status status--error" data-testid="behind">
          <p>You have fallen behind: {batch.behind.map((b) => b.label).join('; ')}.</p>
          <p>
            Watch the recordings of what you missed and join the next class. If something is in the way, ask us under Help and support on
            this page.
          </p>
        </div>
      )}
      <ol className="milestones" aria-labelledby={headingId}>
        {batch.milestones.map((m) => (
          <li key={m.key} className={m.reached ? 'is-reached' : undefined} data-testid="milestone">
            <span className="milestones__mark" aria-hidden="true">
              {m.reached ? '✓' : ''}
            </span>
            {m.label}
            <span className="visually-hidden">{m.reached ? ', reached' : ', not yet'}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

const times = (s: LearnerSession) => ({
  status: s.status === 'cancelled' ? ('cancelled' as const) : ('scheduled' as const),
  startsAtMs: Date.parse(s.startsAt),
  endsAtMs: Date.parse(s.endsAt),
});
const span = (s: LearnerSession) => `${timeFormat.format(new Date(s.startsAt))}–${timeFormat.format(new Date(s.endsAt))} IST`;
const statusNow = (s: LearnerSession, nowMs: number) => {
  if (s.status === 'cancelled') return 'cancelled' as const;
  const t = times(s);
  if (nowMs >= t.endsAtMs) return 'held' as const;
  return nowMs >= t.startsAtMs ? ('live' as const) : ('upcoming' as const);
};

function errorText(err: unknown): string {
  if (err instanceof ApiError && err.status > 0) return err.message;
  return 'We could not reach the server. Check your connection and try again.';
}

/** Join live class: a button that works only inside the window; the meeting URL comes from the server at the click. */
function JoinButton({ session, user, nowMs, offering }: { session: LearnerSession; user: User; nowMs: number; offering: string }) {
  const [state, setState] = useState<{ phase: 'idle' | 'joining' } | { phase: 'error'; message: string }>({ phase: 'idle' });
  const refusal = joinRefusal(times(session), nowMs);
  const hintId = useId();
  const join = async () => {
    setState({ phase: 'joining' });
    try {
      const { meetingUrl } = await joinSession(await user.getIdToken(), session.id);
      window.location.assign(meetingUrl);
    } catch (err) {
      setState({ phase: 'error', message: errorText(err) });
    }
  };
  const open = refusal === null;
  return (
    <div className="join">
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void join()}
        disabled={!open || state.phase === 'joining'}
        aria-busy={state.phase === 'joining'}
        aria-describedby={hintId}
        data-testid="join-live"
      >
        {state.phase === 'joining' ? 'Joining…' : 'Join live class'}
      </button>
      <p id={hintId} className="muted join__hint">
        {open
          ? `${offering}: ${session.topic}. Open until ${timeFormat.format(new Date(session.endsAt))} IST.`
          : `Opens at ${timeFormat.format(new Date(joinOpensAtMs(times(session))))} IST, 15 minutes before the class.`}
      </p>
      {state.phase === 'error' && (
        <p className="status status--error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

/** An assignment's due date among the sessions: it links to the assignment on this page. */
function DeadlineRow({ deadline }: { deadline: LearnerDeadline }) {
  const due = new Date(deadline.dueAt);
  return (
    <tr data-testid="deadline-row" className="timetable__due">
      <td>
        <span className="visually-hidden">Assignment</span>
      </td>
      <td>{dayFormat.format(due)}</td>
      <td>by {timeFormat.format(due)} IST</td>
      <td>
        <a href="#assignments">Due: {deadline.title}</a>
      </td>
      <td>{WORK_STATE_LABELS[deadline.state]}</td>
      <td>
        <span className="muted">—</span>
      </td>
    </tr>
  );
}

type Row = { kind: 'session'; at: string; session: LearnerSession } | { kind: 'due'; at: string; deadline: LearnerDeadline };

function Timetable({ batch, nowMs, nextId }: { batch: LearnerBatch; nowMs: number; nextId: string | undefined }) {
  // Sessions in their order, each due date after the last session that starts before it.
  const rows: Row[] = batch.sessions.map((session): Row => ({ kind: 'session', at: session.startsAt, session }));
  for (const deadline of [...batch.deadlines].sort((a, b) => b.dueAt.localeCompare(a.dueAt))) {
    const after = rows.findLastIndex((r) => r.kind === 'session' && r.at <= deadline.dueAt);
    rows.splice(after + 1, 0, { kind: 'due', at: deadline.dueAt, deadline });
  }
  return (
    <details className="timetable">
      <summary>
        Full timetable ({batch.sessions.length} sessions{batch.deadlines.length > 0 ? `, ${batch.deadlines.length} due dates` : ''})
      </summary>
      <div className="timetable__scroll" tabIndex={0} role="region" aria-label={`Timetable of ${batch.offering}`}>
        <table>
          <caption className="visually-hidden">Sessions of {batch.offering}, times in India Standard Time</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Date</th>
              <th scope="col">Time (IST)</th>
              <th scope="col">Topic</th>
              <th scope="col">Status</th>
              <th scope="col">Recording</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              if (row.kind === 'due') return <DeadlineRow key={`due-${row.deadline.assignmentId}`} deadline={row.deadline} />;
              const s = row.session;
              const status = statusNow(s, nowMs);
              return (
                <tr
                  key={s.id}
                  data-testid="session-row"
                  aria-current={s.id === nextId ? 'true' : undefined}
                  className={s.id === nextId ? 'timetable__next' : undefined}
                >
                  <td>{s.index + 1}</td>
                  <td>{dayFormat.format(new Date(s.startsAt))}</td>
                  <td>{span(s)}</td>
                  <td>{s.topic}</td>
                  <td>
                    <span className={`session-status session-status--${status}`}>
                      {SESSION_STATUS_LABELS[status]}
                      {s.attended ? ' · attended' : ''}
                    </span>
                  </td>
                  <td>
                    {s.recordingUrl ? (
                      <a href={s.recordingUrl} target="_blank" rel="noopener noreferrer">
                        Watch<span className="visually-hidden"> the recording of session {s.index + 1}</span>
                      </a>
                    ) : s.recordingDueAt ? (
                      <RecordingOwed dueAt={s.recordingDueAt} nowMs={nowMs} />
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** A paid enrollment's batch on My Courses: next class and its countdown, Join, the timetable, recordings and the calendar. */
export function BatchPanel({ batch, user, offsetMs }: { batch: LearnerBatch; user: User; offsetMs: number }) {
  const boundaries = useMemo(
    () => batch.sessions.flatMap((s) => [joinOpensAtMs(times(s)), times(s).startsAtMs, times(s).endsAtMs]),
    [batch.sessions],
  );
  const nowMs = useServerClock(offsetMs, boundaries);
  const over = batch.status === 'completed' || batch.status === 'cancelled';
  const next = over
    ? undefined
    : nextSession(
        batch.sessions.map((s) => ({ ...times(s), session: s })),
        nowMs,
      )?.session;
  const [calendar, setCalendar] = useState<{ phase: 'idle' | 'working' } | { phase: 'error'; message: string }>({ phase: 'idle' });
  const recordings = batch.sessions.filter((s) => s.recordingUrl || s.recordingDueAt);
  const download = async () => {
    setCalendar({ phase: 'working' });
    try {
      await downloadBatchCalendar(await user.getIdToken(), batch.batchId);
      setCalendar({ phase: 'idle' });
    } catch (err) {
      setCalendar({ phase: 'error', message: errorText(err) });
    }
  };
  const headingId = useId();
  return (
    <section className="batch-panel" aria-labelledby={headingId} data-testid="batch-panel">
      <h3 id={headingId}>Your batch: {batch.label}</h3>
      <p className="muted">
        With {batch.instructor} ·{' '}
        {batch.held > 0
          ? `you attended ${batch.attended} of the ${batch.held} session${batch.held === 1 ? '' : 's'} so far`
          : `starts ${dayFormat.format(new Date(`${batch.startDate}T12:00:00+05:30`))}`}
      </p>
      {next ? (
        <div className="next-session" data-testid="next-session">
          <p>
            <strong>{statusNow(next, nowMs) === 'live' ? 'Live now' : `Next class ${countdown(nowMs, Date.parse(next.startsAt))}`}:</strong>{' '}
            {longFormat.format(new Date(next.startsAt))} IST · {next.topic}
          </p>
          <JoinButton session={next} user={user} nowMs={nowMs} offering={batch.offering} />
        </div>
      ) : (
        <p>
          {batch.status === 'cancelled'
            ? 'This batch was cancelled. We have written to you about your options.'
            : batch.status === 'completed'
              ? 'This batch is complete.'
              : 'All sessions of this batch are over.'}
        </p>
      )}
      {batch.certificate && <CertificateBox certificate={batch.certificate} user={user} />}
      <ProgressView batch={batch} />
      <Timetable batch={batch} nowMs={nowMs} nextId={next?.id} />
      {batch.recordingsUntil && (
        <p className="muted" data-testid="recordings-window">
          {nowMs < Date.parse(batch.recordingsUntil)
            ? `Your plan keeps this course's recordings open until ${dateFormat.format(new Date(batch.recordingsUntil))}.`
            : `This course's recordings closed on ${dateFormat.format(new Date(batch.recordingsUntil))}, 6 months after your purchase.`}
        </p>
      )}
      {recordings.length > 0 && (
        <div>
          <h4>Recordings</h4>
          <ul className="recordings">
            {recordings.map((s) => (
              <li key={s.id}>
                {s.recordingUrl ? (
                  <a href={s.recordingUrl} target="_blank" rel="noopener noreferrer">
                    Session {s.index + 1}: {s.topic}
                  </a>
                ) : (
                  <>
                    Session {s.index + 1}: {s.topic} · <RecordingOwed dueAt={s.recordingDueAt ?? ''} nowMs={nowMs} />
                  </>
                )}
                {s.notes && <span className="muted"> — {s.notes}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="batch-panel__calendar">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void download()}
          disabled={calendar.phase === 'working'}
          aria-busy={calendar.phase === 'working'}
        >
          Add to calendar (.ics)
        </button>
        {calendar.phase === 'error' && (
          <p className="status status--error" role="alert">
            {calendar.message}
          </p>
        )}
      </div>
    </section>
  );
}
