import { useCallback, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { RECORDING_DUE_HOURS, SESSION_STATUS_LABELS } from '@upskill/domain/learning';
import type { TeachingBatch, TeachingSession } from '@upskill/domain/teaching';
import { paths } from '../../config/paths';
import { LoadFailed } from '../../components/LoadFailed';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { extendDeadline, fetchTeaching, noteAtRisk, sessionAction } from './api';
import { AtRiskList } from './AtRiskList';
import { AttendanceForm, CancelForm, ExtensionForm, RecordingForm, RescheduleForm, type Act } from './SessionForms';
import './teaching.css';

type Mode = 'attendance' | 'recording' | 'reschedule' | 'cancel';

const IST = 'Asia/Kolkata';
const day = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: IST });
const time = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: IST });

const MODE_LABELS: Record<Mode, string> = { attendance: 'Attendance', recording: 'Recording', reschedule: 'Reschedule', cancel: 'Cancel' };
/** Which changes a session takes in each state: attendance once begun, a recording once held, a move or cancellation before. */
const modesFor = (s: TeachingSession): Mode[] =>
  s.status === 'upcoming'
    ? ['reschedule', 'cancel']
    : s.status === 'live'
      ? ['attendance']
      : s.status === 'held'
        ? ['attendance', 'recording']
        : [];

function SessionRow({ batch, session, act, nowMs }: { batch: TeachingBatch; session: TeachingSession; act: Act; nowMs: number }) {
  const [mode, setMode] = useState<Mode | null>(null);
  const panelId = useId();
  const modes = modesFor(session);
  return (
    <>
      <tr data-testid="teaching-session">
        <td>{session.index + 1}</td>
        <td>{day.format(new Date(session.startsAt))}</td>
        <td>
          {time.format(new Date(session.startsAt))}–{time.format(new Date(session.endsAt))} IST
        </td>
        <td>
          {session.topic}
          {session.recordingUrl && (
            <>
              {' '}
              ·{' '}
              <a href={session.recordingUrl} target="_blank" rel="noopener noreferrer">
                recording
              </a>
            </>
          )}
          {session.recordingDueAt && (
            <span
              className={`block${Date.parse(session.recordingDueAt) <= nowMs ? ' teaching-missing' : ' muted'}`}
              data-testid="teaching-recording-due"
            >
              {Date.parse(session.recordingDueAt) <= nowMs ? 'Recording missing: was due' : 'Recording due by'}{' '}
              {day.format(new Date(session.recordingDueAt))}, {time.format(new Date(session.recordingDueAt))} IST
            </span>
          )}
        </td>
        <td>
          {SESSION_STATUS_LABELS[session.status]}
          {session.status !== 'upcoming' && session.status !== 'cancelled'
            ? ` · ${session.present.length}/${batch.roster.length} present`
            : ''}
        </td>
        <td className="teaching-actions">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              className="btn btn--ghost btn--sm"
              aria-expanded={mode === m}
              aria-controls={panelId}
              onClick={() => setMode(mode === m ? null : m)}
              aria-label={`${MODE_LABELS[m]}: session ${session.index + 1}`}
            >
              {MODE_LABELS[m]}
            </button>
          ))}
        </td>
      </tr>
      {mode && (
        <tr id={panelId}>
          <td colSpan={6}>
            {mode === 'attendance' && <AttendanceForm batch={batch} session={session} act={act} />}
            {mode === 'recording' && <RecordingForm session={session} act={act} done={() => setMode(null)} />}
            {mode === 'reschedule' && <RescheduleForm session={session} act={act} done={() => setMode(null)} />}
            {mode === 'cancel' && <CancelForm session={session} act={act} done={() => setMode(null)} />}
          </td>
        </tr>
      )}
    </>
  );
}

/** The class an instructor looks for first: the one live now, else the next to start; none once all are held. */
function nextClass(batch: TeachingBatch): TeachingSession | undefined {
  return batch.sessions.find((s) => s.status === 'live') ?? batch.sessions.find((s) => s.status === 'upcoming');
}

/** The batch whose next class ends soonest: its timetable is the one open when the page arrives (a batch shown alone is open anyway). */
function soonestBatch(batches: readonly TeachingBatch[]): string | null {
  let best: { id: string; endsAt: number } | null = null;
  for (const b of batches) {
    const next = nextClass(b);
    const endsAt = next ? Date.parse(next.endsAt) : Infinity;
    if (next && (!best || endsAt < best.endsAt)) best = { id: b.batchId, endsAt };
  }
  return best?.id ?? null;
}

function NextClass({ session }: { session: TeachingSession | undefined }) {
  if (!session) return <p className="muted">No classes to come.</p>;
  const when = `${day.format(new Date(session.startsAt))} · ${time.format(new Date(session.startsAt))}–${time.format(new Date(session.endsAt))} IST`;
  return (
    <p data-testid="next-class">
      <strong>{session.status === 'live' ? 'Live now' : 'Next class'}:</strong> session {session.index + 1}, {session.topic} · {when}
    </p>
  );
}

function BatchCard({
  batch,
  user,
  reload,
  position,
  openFirst,
  nowMs,
}: {
  batch: TeachingBatch;
  user: User;
  reload: () => void;
  position: string;
  openFirst: boolean;
  /** The server's clock when the page loaded: a recording past its due time is missing. */
  nowMs: number;
}) {
  const missing = batch.sessions.filter((s) => s.recordingDueAt && Date.parse(s.recordingDueAt) <= nowMs);
  // Rows are made only while the timetable is open: twenty batches of 24–72 sessions each would be thousands of
  // rows, seconds of work for every reload and for assistive technology, and an instructor reads one at a time.
  const [open, setOpen] = useState(openFirst);
  const [extending, setExtending] = useState(false);
  const act = useCallback<Act>(
    async (action, body) => {
      // The session's id travels in the body's place of the URL; the forms give the body.
      const { sessionId, ...rest } = body as { sessionId: string } & Record<string, unknown>;
      await sessionAction(await user.getIdToken(), sessionId, action, rest);
      reload();
    },
    [user, reload],
  );
  return (
    // Not a landmark: two cohorts of one course at one time and date are possible, and landmarks need unique names.
    <article className="card teaching-batch" data-testid="teaching-batch">
      <h2>{batch.offering}</h2>
      <p className="muted">
        <span>{batch.label}</span> · {batch.roster.length} learner{batch.roster.length === 1 ? '' : 's'} · {batch.held} of{' '}
        {batch.sessions.length} sessions held
      </p>
      <NextClass session={nextClass(batch)} />
      {missing.length > 0 && (
        <p className="status status--error" data-testid="recordings-missing">
          {missing.length === 1 ? '1 recording is' : `${missing.length} recordings are`} missing, more than {RECORDING_DUE_HOURS} hours
          after the class: session {missing.map((s) => s.index + 1).join(', ')}. Learners see it as late. Open the session and paste the
          link.
        </p>
      )}
      <details>
        <summary>Roster ({batch.roster.length})</summary>
        {batch.roster.length === 0 ? (
          <p>No learners yet.</p>
        ) : (
          <ul className="teaching-roster">
            {batch.roster.map((l) => (
              <li key={l.enrollmentId}>
                {l.name}{' '}
                <span className="muted">
                  {l.email} · attended {l.attended} of {batch.held}
                </span>
              </li>
            ))}
          </ul>
        )}
      </details>
      {batch.atRisk.length > 0 && (
        <details open data-testid="at-risk">
          <summary>At risk ({batch.atRisk.length})</summary>
          <AtRiskList
            learners={batch.atRisk}
            save={async (enrollmentId, note) => {
              await noteAtRisk(await user.getIdToken(), enrollmentId, note);
              reload();
            }}
          />
        </details>
      )}
      {batch.roster.length > 0 && batch.assignments.length > 0 && (
        // The form is made only while open, as the timetable's rows are: twenty batches' forms would be
        // hundreds of elements nobody is using.
        <details onToggle={(e) => setExtending(e.currentTarget.open)}>
          <summary>Extend a deadline</summary>
          {extending && (
            <ExtensionForm
              batch={batch}
              extend={async (enrollmentId, assignmentId, body) =>
                void (await extendDeadline(await user.getIdToken(), enrollmentId, assignmentId, body))
              }
            />
          )}
        </details>
      )}
      <details className="teaching-sessions" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Sessions ({batch.sessions.length})</summary>
        {open && (
          <div
            className="table-scroll"
            role="region"
            tabIndex={0}
            aria-label={`Sessions of ${batch.offering}, ${batch.label}, batch ${position}`}
          >
            <table className="teaching-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Date</th>
                  <th scope="col">Time</th>
                  <th scope="col">Topic</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {batch.sessions.map((s) => (
                  <SessionRow
                    key={s.id}
                    batch={batch}
                    session={s}
                    nowMs={nowMs}
                    act={(action, body) => act(action, { ...body, sessionId: s.id })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </article>
  );
}

function Teaching({ user }: { user: User }) {
  const [params] = useSearchParams();
  const batchId = params.get('batch');
  // Each change reads the list again, with the change in it.
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => user.getIdToken().then((token) => fetchTeaching(token, batchId, signal)), [user, batchId]),
    'We could not reach the server. Check your connection, then try again.',
  );
  if (load.state === 'loading') return <p role="status">Loading your batches…</p>;
  if (load.state === 'error') {
    return load.status === 403 ? (
      <div className="state">
        <p>This page is for instructors. An administrator gives instructor access from the staff console's Team page.</p>
        <Link className="btn btn--primary" to={paths.myCourses}>
          My Courses
        </Link>
      </div>
    ) : (
      <LoadFailed message={load.message} onRetry={reload} />
    );
  }
  const { answer } = load;
  const first = soonestBatch(answer.batches);
  return (
    <>
      <p className="muted">Teaching as {answer.instructor}. Times are India Standard Time.</p>
      {answer.total > answer.batches.length && (
        <p data-testid="teaching-more">
          Showing your first {answer.batches.length} batches by start date, of {answer.total}. Staff open any other from the staff console's
          Batches tab.
        </p>
      )}
      {answer.batches.length === 0 ? (
        <p>No batches of yours are running or coming up.</p>
      ) : (
        answer.batches.map((b, i) => (
          <BatchCard
            key={b.batchId}
            batch={b}
            user={user}
            reload={reload}
            position={`${i + 1} of ${answer.batches.length}`}
            nowMs={Date.parse(answer.now)}
            openFirst={answer.batches.length === 1 || b.batchId === first}
          />
        ))
      )}
    </>
  );
}

export default function TeachingPage() {
  useDocumentMeta('My teaching', 'Your batches, rosters and sessions.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container">
        <h1>My teaching</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Teaching user={auth.user} />
        ) : (
          <div className="state">
            <p>User is not logged in.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.teaching }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
