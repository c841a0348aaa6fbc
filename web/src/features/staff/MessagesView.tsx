import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import { HANDLED_FILTERS, NOTE_MAX, contactMessagesQuery, overdueMessagesQuery, type HandledFilter } from '@upskill/domain/staff';
import { CONTACT_REPLY_HOURS, type StaffContactFigures } from '@upskill/domain/support';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useNow } from '../../lib/useNow';
import { FiguresTable, named } from './FiguresTable';
import { formatWhen } from './format';
import { Pager } from './parts';
import { actionFailure, contactFigures, markHandled } from './staffApi';
import { usePagedQuery } from './usePagedQuery';

type Paged = ReturnType<typeof usePagedQuery<'contactMessages'>>;
import { useUrlState } from './useUrlState';

const showFromParams = (params: URLSearchParams): HandledFilter => {
  const raw = params.get('show');
  return HANDLED_FILTERS.includes(raw as HandledFilter) ? (raw as HandledFilter) : 'unhandled';
};
const paramsFromShow = (show: HandledFilter) => new URLSearchParams(show === 'unhandled' ? {} : { show });

const FILTER_LABELS: Record<HandledFilter, string> = { unhandled: 'Unhandled', handled: 'Handled', all: 'All' };

// uPlot loads only when a chart is shown.
const WeeklyChart = lazy(() => import('./WeeklyChart'));
const weekOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** "3 h" or "2 days": how far a due moment is from now, to the hour. */
function span(ms: number): string {
  const hours = Math.max(1, Math.round(Math.abs(ms) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

type FiguresLoad = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; figures: StaffContactFigures };

/** The reply clock: what waits now, the share answered within the promise, and the last weeks drawn and tabled. */
function ReplyFigures({ user, version }: { user: User; version: number }) {
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<FiguresLoad>({ state: 'loading' });
  const ids = { promise: useId(), trend: useId() };
  useEffect(() => {
    let live = true;
    contactFigures(token).then(
      (figures) => live && setLoad({ state: 'done', figures }),
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
              label: `Answered within ${CONTACT_REPLY_HOURS} hours`,
              values: load.figures.weeks.map((w) => {
                const settled = w.onTime + w.late + w.overdue;
                return settled ? Math.round((w.onTime / settled) * 100) : null;
              }),
            },
          ]
        : [],
    [load],
  );
  if (load.state === 'loading') return <p role="status">Loading the reply figures…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { figures } = load;
  return (
    <>
      <section aria-labelledby={ids.promise}>
        <h2 id={ids.promise}>The promise</h2>
        <p>
          Every message is promised a reply within {CONTACT_REPLY_HOURS} hours, any day of the week (a privacy request: the grievance
          officer’s deadline). Reply by e-mail, then mark the message handled.
        </p>
        <dl className="staff-figures">
          <div>
            <dt>Answered within {CONTACT_REPLY_HOURS} hours, last 8 weeks</dt>
            <dd data-testid="contact-on-time">{percent(figures.onTimeShare)}</dd>
          </div>
          <div>
            <dt>Waiting for a reply now</dt>
            <dd data-testid="contact-waiting">
              {figures.waiting} <span className="muted">({figures.overdue} past their promise)</span>
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby={ids.trend}>
        <h2 id={ids.trend}>By week</h2>
        <p className="muted">
          Messages by the week they arrived (weeks start on Monday, India time). A message still within its {CONTACT_REPLY_HOURS} hours
          counts in neither share.
        </p>
        <Suspense fallback={<div className="utilisation-chart" />}>
          <WeeklyChart
            weeks={figures.weeks.map((w) => Date.parse(w.weekStart))}
            series={series}
            axis={`% answered within ${CONTACT_REPLY_HOURS} hours`}
            unit="%"
            empty="nothing due"
            testId="contact-chart"
          />
        </Suspense>
        <FiguresTable
          label="Contact messages by week"
          columns={named('Week of', 'Received', 'Answered in time', 'Answered late', 'Waiting past the promise', 'Within the promise')}
          rows={figures.weeks.map((w) => ({
            key: w.weekStart,
            head: weekOf.format(Date.parse(w.weekStart)),
            cells: [
              w.received,
              w.onTime,
              w.late,
              w.overdue,
              percent(w.onTime + w.late + w.overdue ? w.onTime / (w.onTime + w.late + w.overdue) : null),
            ],
          }))}
          rowTestId="contact-week"
        />
      </section>
    </>
  );
}

function HandledDialog({ user, id, from, onClose }: { user: User; id: string; from: string; onClose: (message?: string) => void }) {
  const titleId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [working, setWorking] = useState(false);
  return (
    <Modal titleId={titleId} onClose={() => onClose()}>
      <form
        className="staff-dialog"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setWorking(true);
          setError('');
          try {
            await markHandled(() => user.getIdToken(), id, note);
            onClose(`Marked the message from ${from} handled.`);
          } catch (err) {
            setError(err instanceof ApiError && err.fields.note ? err.fields.note : actionFailure(err));
            setWorking(false);
          }
        }}
      >
        <h2 id={titleId}>Mark the message from {from} handled</h2>
        <div className="field">
          <label htmlFor="handled-note">Note (optional: what was done, for the team)</label>
          <textarea
            id="handled-note"
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'handled-note-error' : undefined}
          />
          {error && (
            <p id="handled-note-error" className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="staff-dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={working} aria-busy={working}>
            Mark handled
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One table of messages (the overdue ones, or the filter's), each row with its reply's due moment and its action. */
function MessagesTable({
  caption,
  paged,
  now,
  empty,
  label,
  testId,
  onHandle,
}: {
  caption: string;
  paged: Paged;
  now: number;
  empty: string;
  label: string;
  testId: string;
  onHandle: (message: { id: string; from: string }) => void;
}) {
  const captionId = useId();
  return (
    <>
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="staff-table">
          <caption id={captionId}>
            {caption}, page {paged.page}
          </caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">From</th>
              <th scope="col">Course</th>
              <th scope="col">Message</th>
              <th scope="col">Reply</th>
            </tr>
          </thead>
          <tbody>
            {paged.docs.map((m) => {
              const d = m.data();
              const from = d.fullName;
              // A message stored before the reply clock has no due moment.
              const dueMs = d.dueAt ? d.dueAt.toMillis() : null;
              const overdue = !d.handled && dueMs !== null && dueMs < now;
              return (
                <tr key={m.id} data-testid={testId} className={overdue ? 'is-overdue' : undefined}>
                  <td>{formatWhen(d.createdAt)}</td>
                  <td>
                    {from}
                    <span className="block muted">{d.email}</span>
                    <span className="block muted">{d.mobile}</span>
                  </td>
                  <td>{d.courseInterest || '—'}</td>
                  <td className="staff-message">{d.message}</td>
                  <td>
                    {d.handled ? (
                      <span>
                        Handled by {d.handledBy ?? 'staff'}, {formatWhen(d.handledAt)}
                        {d.handledNote ? <span className="block muted">{d.handledNote}</span> : null}
                      </span>
                    ) : (
                      <>
                        {dueMs !== null && (
                          <span className={`block${overdue ? ' staff-overdue' : ''}`} data-testid="message-due">
                            {overdue ? `Overdue by ${span(now - dueMs)}` : `Due in ${span(dueMs - now)}`}
                            <span className="block muted">by {formatWhen(d.dueAt)}</span>
                          </span>
                        )}
                        <button
                          type="button"
                          className="btn btn--secondary btn--sm"
                          onClick={() => onHandle({ id: m.id, from })}
                          aria-label={`Mark the message from ${from} handled`}
                        >
                          Mark handled…
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
            {paged.status === 'success' && paged.docs.length === 0 && (
              <tr>
                <td colSpan={5} className="staff-empty">
                  {empty}
                </td>
              </tr>
            )}
            {paged.status === 'loading' && (
              <tr>
                <td colSpan={5} className="staff-empty">
                  Loading…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {(paged.hasPrevious || paged.hasNext) && (
        <Pager
          label={label}
          page={paged.page}
          hasPrevious={paged.hasPrevious}
          hasNext={paged.hasNext}
          onPrevious={paged.previous}
          onNext={paged.next}
        />
      )}
    </>
  );
}

/** The overdue list asks again every five minutes, so a message that turns overdue joins it without a reload. */
const OVERDUE_STEP_MS = 5 * 60_000;

export function MessagesView({ user }: { user: User }) {
  useDocumentMeta('Contact messages · Staff console', 'Upskill staff: contact messages.', { noindex: true });
  const [show, setShow] = useUrlState(showFromParams, paramsFromShow);
  const now = useNow(60_000);
  const overdueAt = Math.floor(now / OVERDUE_STEP_MS) * OVERDUE_STEP_MS;
  const overdue = usePagedQuery(overdueMessagesQuery(new Date(overdueAt)));
  const paged = usePagedQuery(contactMessagesQuery(show));
  const [handling, setHandling] = useState<{ id: string; from: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A message handled here changes the figures: they load again.
  const [handledCount, setHandledCount] = useState(0);
  const legendId = useId();
  const ids = { overdue: useId(), list: useId() };
  return (
    <>
      <h1>Contact messages</h1>
      <p role="status" className={announcement ? 'status status--success' : 'visually-hidden'}>
        {announcement}
      </p>
      {(paged.status === 'error' || overdue.status === 'error') && (
        <p className="status status--error" role="alert">
          Could not load messages. You may have lost staff access; reload to check.
        </p>
      )}
      <section aria-labelledby={ids.overdue}>
        <h2 id={ids.overdue}>Past their promise</h2>
        <MessagesTable
          caption="Waiting messages whose reply is overdue, the longest overdue first"
          paged={overdue}
          now={now}
          empty={`No message is waiting past its ${CONTACT_REPLY_HOURS} hours.`}
          label="Overdue message pages"
          testId="overdue-message"
          onHandle={setHandling}
        />
      </section>
      <ReplyFigures user={user} version={handledCount} />
      <section aria-labelledby={ids.list}>
        <h2 id={ids.list}>All messages</h2>
        <div className="staff-segments" role="radiogroup" aria-labelledby={legendId}>
          <span id={legendId} className="staff-segments__label">
            Show
          </span>
          {HANDLED_FILTERS.map((f) => (
            <label key={f} className={f === show ? 'is-active' : undefined}>
              <input type="radio" name="show" value={f} checked={f === show} onChange={() => setShow(f)} />
              {FILTER_LABELS[f]}
            </label>
          ))}
        </div>
        <MessagesTable
          caption={`${FILTER_LABELS[show]} contact messages, newest first`}
          paged={paged}
          now={now}
          empty={show === 'unhandled' ? 'Every message has been handled.' : 'No messages.'}
          label="Message pages"
          testId="staff-message"
          onHandle={setHandling}
        />
      </section>
      {handling && (
        <HandledDialog
          user={user}
          id={handling.id}
          from={handling.from}
          onClose={(message) => {
            setHandling(null);
            if (message) {
              setAnnouncement(message);
              setHandledCount((n) => n + 1);
            }
          }}
        />
      )}
    </>
  );
}
