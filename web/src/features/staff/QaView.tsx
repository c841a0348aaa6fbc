import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import type { QaFigures, QaReportedPost, StaffQaAnswer } from '@upskill/domain/qa';
import { QA_ANSWER_HOURS, QA_PRIORITY_WORKING_HOURS } from '@upskill/domain/qa';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, hideQaPost, qaBoard } from './staffApi';
import { FiguresTable, named } from './FiguresTable';

// uPlot loads only when a chart tab is open.
const WeeklyChart = lazy(() => import('./WeeklyChart'));

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: StaffQaAnswer };
const weekOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const percent = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '—');
const minutes = (m: number | null) => (m === null ? '—' : m < 120 ? `${m} min` : `${Math.round(m / 6) / 10} h`);

/** A row's figures: questions, answered, answered within the promise, median time to a first answer. */
const figureCells = (f: QaFigures) => [
  f.questions,
  f.answered,
  f.answered ? `${f.onTime} (${percent(f.onTime, f.answered)})` : '—',
  minutes(f.medianFirstAnswerMinutes),
];
const FIGURE_COLUMNS = ['Questions', 'Answered', 'Within the promise', 'Median first answer'];

/** A reported post: what it says, why it was reported, and hide or show it again with the reason (audited). */
function Reported({ post, token, onDone }: { post: QaReportedPost; token: () => Promise<string>; onDone: (note: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const hide = !post.hidden;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give the reason.');
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    hideQaPost(token, post.postId, hide, reason.trim()).then(
      () => onDone(hide ? `Hidden: the ${post.kind} in “${post.title}”.` : `Shown again: the ${post.kind} in “${post.title}”.`),
      (err: unknown) => {
        setError(actionFailure(err));
        setBusy(false);
      },
    );
  };
  return (
    <li className="qa-report" data-testid="qa-report">
      <p>
        <strong>{post.kind === 'question' ? 'Question' : 'Answer'}</strong> in “{post.title}” by {post.authorName} ·{' '}
        {post.reports === 1 ? '1 report' : `${post.reports} reports`}
        {post.hidden && <span className="badge support-queue__overdue">Hidden: {post.hidden.reason}</span>}
      </p>
      <blockquote className="staff-message__body">{post.excerpt}</blockquote>
      <ul className="qa-report__reasons">
        {post.reasons.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
      <form className="support-assign" noValidate onSubmit={submit}>
        <label htmlFor={id}>{hide ? 'Why hide it' : 'Why show it again'}</label>
        <input
          id={id}
          className="input"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
        />
        <button type="submit" className="btn btn--secondary btn--sm" disabled={busy}>
          {hide ? 'Hide' : 'Show again'}
        </button>
        {error && (
          <span id={`${id}-e`} className="field__error" role="alert">
            {error}
          </span>
        )}
      </form>
    </li>
  );
}

/** Q&A: reported posts to hide or show again, and whether the first-answer promise holds, by week (a chart with its table) and by course. */
export function QaView({ user }: { user: User }) {
  useDocumentMeta('Q&A · Staff console', 'Upskill staff: the Q&A forum.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  const ids = { promise: useId(), weeks: useId(), courses: useId(), reported: useId() };
  useEffect(() => {
    let live = true;
    qaBoard(token).then(
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
              label: 'Median first answer (hours)',
              values: load.answer.weeks.map((w) =>
                w.medianFirstAnswerMinutes === null ? null : Math.round(w.medianFirstAnswerMinutes / 6) / 10,
              ),
            },
          ]
        : [],
    [load],
  );
  if (load.state === 'loading') return <p role="status">Loading the Q&amp;A figures…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { weeks, courses, reported, onTimeShare } = load.answer;
  return (
    <div className="staff-mentors staff-support">
      <h1>Q&amp;A</h1>
      {notice && (
        <p className="status status--success" role="status" data-testid="qa-notice">
          {notice}
        </p>
      )}
      <section aria-labelledby={ids.promise}>
        <h2 id={ids.promise}>The promise</h2>
        <p>
          Every question gets a first answer from a mentor or instructor within {QA_ANSWER_HOURS} hours, or {QA_PRIORITY_WORKING_HOURS}{' '}
          working hours for Platinum and Elite learners.
        </p>
        <dl className="staff-figures">
          <div>
            <dt>First answers within the promise, last 8 weeks</dt>
            <dd data-testid="qa-on-time">{onTimeShare === null ? '—' : `${Math.round(onTimeShare * 100)}%`}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby={ids.weeks}>
        <h2 id={ids.weeks}>By week</h2>
        <p className="muted">Questions by the week they were asked (weeks start on Monday, India time).</p>
        <Suspense fallback={<div className="utilisation-chart" />}>
          <WeeklyChart
            weeks={weeks.map((w) => Date.parse(w.weekStart))}
            series={series}
            axis="Median hours to a first answer"
            unit=" h"
            empty="none answered"
            testId="qa-chart"
          />
        </Suspense>
        <FiguresTable
          label="First answers by week"
          columns={named('Week of', ...FIGURE_COLUMNS)}
          rows={weeks.map((w) => ({ key: w.weekStart, head: weekOf.format(Date.parse(w.weekStart)), cells: figureCells(w) }))}
        />
      </section>
      <section aria-labelledby={ids.courses}>
        <h2 id={ids.courses}>By course, last 8 weeks</h2>
        {courses.length === 0 ? (
          <p>No questions in the last eight weeks.</p>
        ) : (
          <FiguresTable
            label="First answers by course"
            columns={named('Course', ...FIGURE_COLUMNS)}
            rows={courses.map((c) => ({ key: c.key, head: c.name, cells: figureCells(c) }))}
            rowTestId="qa-course"
          />
        )}
      </section>
      <section aria-labelledby={ids.reported}>
        <h2 id={ids.reported}>Reported posts</h2>
        {reported.length === 0 ? (
          <p>Nothing is reported.</p>
        ) : (
          <ul className="support-queue">
            {reported.map((post) => (
              <Reported
                key={`${post.postId}-${post.hidden ? 'h' : 's'}`}
                post={post}
                token={token}
                onDone={(note) => {
                  setNotice(note);
                  setVersion((v) => v + 1);
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
