import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import type { StaffSupportAnswer, StaffSupportRequest } from '@upskill/domain/support';
import { MAX_SUPPORT_MESSAGE_CHARS, SUPPORT_PROMISE, SUPPORT_STATE_LABELS, SUPPORT_TOPIC_LABELS } from '@upskill/domain/support';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, supportChange, supportQueue } from './staffApi';
import { FiguresTable, named } from './FiguresTable';

// uPlot loads only when a chart tab is open.
const WeeklyChart = lazy(() => import('./WeeklyChart'));

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: StaffSupportAnswer };
const weekOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const when = (iso: string) => formatIndiaMoment(Date.parse(iso));
const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const minutes = (m: number | null) => (m === null ? '—' : m < 120 ? `${m} min` : `${Math.round(m / 6) / 10} h`);

type Token = () => Promise<string>;

/** One request opened: its conversation, who has it, a reply (mailed to the learner), close or reopen. */
function RequestDetail({
  request,
  team,
  token,
  onChanged,
}: {
  request: StaffSupportRequest;
  team: StaffSupportAnswer['team'];
  token: Token;
  onChanged: (next: StaffSupportRequest, note: string) => void;
}) {
  const [reply, setReply] = useState('');
  const [assignee, setAssignee] = useState(request.assignee?.uid ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { reply: useId(), assignee: useId() };
  const act = async (verb: 'assign' | 'reply' | 'close' | 'reopen', body: Record<string, unknown>, note: string) => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await supportChange(token, request.id, verb, body), note);
      if (verb === 'reply') setReply('');
    } catch (err) {
      setError(actionFailure(err));
    } finally {
      setBusy(false);
    }
  };
  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) {
      setError('Write the reply first.');
      document.getElementById(ids.reply)?.focus();
      return;
    }
    void act('reply', { message: reply }, `${request.reference}: reply sent to ${request.email}.`);
  };
  return (
    <div className="support-detail" data-testid="support-detail">
      <p className="muted">
        {request.name} · {request.email}
        {request.enrollmentLabel ? ` · ${request.enrollmentLabel}` : ''}
      </p>
      <ol className="staff-thread" aria-label={`Conversation in ${request.reference}`}>
        {request.thread.map((m, i) => (
          <li key={i} className={`staff-message staff-message--${m.from}`}>
            <p className="staff-message__meta">
              <strong>{m.from === 'staff' ? `${m.name} (team)` : m.name}</strong> · {when(m.at)}
            </p>
            <p className="staff-message__body">{m.body}</p>
          </li>
        ))}
      </ol>
      <form
        className="support-assign"
        onSubmit={(e) => {
          e.preventDefault();
          const name = team.find((t) => t.uid === assignee)?.name;
          void act('assign', { uid: assignee }, `${request.reference}: ${name ? `assigned to ${name}` : 'unassigned'}.`);
        }}
      >
        <label htmlFor={ids.assignee}>Assigned to</label>
        <select id={ids.assignee} className="input" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
          <option value="">Nobody</option>
          {team.map((t) => (
            <option key={t.uid} value={t.uid}>
              {t.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--secondary btn--sm" disabled={busy}>
          Assign
        </button>
      </form>
      <form className="support-reply" noValidate onSubmit={sendReply}>
        <label htmlFor={ids.reply}>Reply to {request.name} (mailed, and shown on their My Courses)</label>
        <textarea
          id={ids.reply}
          className="input"
          rows={4}
          maxLength={MAX_SUPPORT_MESSAGE_CHARS}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.reply}-e` : undefined}
        />
        {error && (
          <span id={`${ids.reply}-e`} className="field__error" role="alert">
            {error}
          </span>
        )}
        <div className="support-detail__actions">
          <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
            Send reply
          </button>
          {request.state === 'closed' ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              onClick={() => void act('reopen', {}, `${request.reference}: reopened.`)}
            >
              Reopen
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              onClick={() => void act('close', {}, `${request.reference}: closed.`)}
            >
              Close
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** Support: the queue by promise (waiting first, the overdue flagged), each request's conversation, and the weekly figures. */
export function SupportView({ user }: { user: User }) {
  useDocumentMeta('Support · Staff console', 'Upskill staff: support requests.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [openId, setOpenId] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const ids = { figures: useId(), trend: useId(), queue: useId() };
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    supportQueue(token).then(
      (answer) => live && setLoad({ state: 'done', answer }),
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, version]);
  const series = useMemo(
    () =>
      load.state === 'done'
        ? [
            {
              label: 'Answered within the promise',
              values: load.answer.weeks.map((w) => (w.answered ? Math.round((w.onTime / w.answered) * 100) : null)),
            },
          ]
        : [],
    [load],
  );
  const changed = (next: StaffSupportRequest, note: string) => {
    setNotice(note);
    // The row changes at once; the figures and the order follow from the server's answer.
    setVersion((v) => v + 1);
    setLoad((current) =>
      current.state === 'done'
        ? { ...current, answer: { ...current.answer, requests: current.answer.requests.map((r) => (r.id === next.id ? next : r)) } }
        : current,
    );
  };

  if (load.state === 'loading') return <p role="status">Loading support requests…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { requests, weeks, onTimeShare, team } = load.answer;
  const waiting = requests.filter((r) => r.state === 'open');
  return (
    <div className="staff-mentors staff-support">
      <h1>Support</h1>
      {notice && (
        <p className="status status--success" role="status" data-testid="support-notice">
          {notice}
        </p>
      )}
      <section aria-labelledby={ids.figures}>
        <h2 id={ids.figures}>The promise</h2>
        <p>
          Learners are promised an answer within {SUPPORT_PROMISE.standard.label}, and Elite members within {SUPPORT_PROMISE.priority.label}{' '}
          (India time, 09:00 to 18:00, Monday to Saturday).
        </p>
        <dl className="staff-figures">
          <div>
            <dt>First answers within the promise, last 8 weeks</dt>
            <dd data-testid="support-on-time">{percent(onTimeShare)}</dd>
          </div>
          <div>
            <dt>Waiting for us now</dt>
            <dd data-testid="support-waiting">
              {waiting.length} <span className="muted">({waiting.filter((r) => r.overdue).length} past their promise)</span>
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby={ids.trend}>
        <h2 id={ids.trend}>By week</h2>
        <p className="muted">Requests by the week they were made (weeks start on Monday, India time).</p>
        <Suspense fallback={<div className="utilisation-chart" />}>
          <WeeklyChart
            weeks={weeks.map((w) => Date.parse(w.weekStart))}
            series={series}
            axis="% answered within the promise"
            unit="%"
            empty="no answers"
            testId="support-chart"
          />
        </Suspense>
        <FiguresTable
          label="Support by week"
          columns={named('Week of', 'Requests', 'Answered', 'Within the promise', 'Median first answer')}
          rows={weeks.map((w) => ({
            key: w.weekStart,
            head: weekOf.format(Date.parse(w.weekStart)),
            cells: [
              w.requests,
              w.answered,
              w.answered ? `${w.onTime} (${percent(w.onTime / w.answered)})` : '—',
              minutes(w.medianFirstReplyMinutes),
            ],
          }))}
          rowTestId="support-week"
        />
      </section>
      <section aria-labelledby={ids.queue}>
        <h2 id={ids.queue}>Requests</h2>
        <p className="muted">Waiting for us first, soonest promise first; then answered and closed ones, latest first.</p>
        {requests.length === 0 ? (
          <p>No support requests in the last eight weeks.</p>
        ) : (
          <ul className="support-queue">
            {requests.map((r) => (
              <li key={r.id} className={`support-queue__item${r.overdue ? ' is-overdue' : ''}`} data-testid="support-row">
                <button
                  type="button"
                  className="support-queue__open"
                  aria-expanded={openId === r.id}
                  onClick={() => setOpenId(openId === r.id ? undefined : r.id)}
                >
                  <strong>
                    {r.reference} · {SUPPORT_TOPIC_LABELS[r.topic]}
                  </strong>
                  <span>
                    {r.name} · {SUPPORT_STATE_LABELS[r.state]}
                    {r.assignee ? ` · ${r.assignee.name}` : ' · unassigned'}
                  </span>
                  <span className="support-queue__flags">
                    {r.tier === 'priority' && <span className="badge">Elite</span>}
                    {r.overdue && <span className="badge support-queue__overdue">Past its promise</span>}
                    {r.state === 'open' && <span className="muted">Answer by {when(r.dueAt)}</span>}
                  </span>
                </button>
                {openId === r.id && (
                  <RequestDetail key={`${r.id}-${r.updatedAt}`} request={r} team={team} token={token} onChanged={changed} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
