import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import type { ReviewFiguresAnswer } from '@upskill/domain/assignments';
import { FAST_TURNAROUND_HOURS, TURNAROUND_HOURS } from '@upskill/domain/assignments';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, reviewFigures } from './staffApi';
import { FiguresTable } from './FiguresTable';

// uPlot loads only when a chart tab is open.
const WeeklyChart = lazy(() => import('./WeeklyChart'));

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: ReviewFiguresAnswer };
const weekOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** Reviews: whether the turnaround promise holds, per reviewer and week, as a chart and a table, and what waits now. */
export function ReviewsView({ user }: { user: User }) {
  useDocumentMeta('Reviews · Staff console', 'Upskill staff: assignment review turnaround.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const ids = { trend: useId(), waiting: useId() };
  useEffect(() => {
    let live = true;
    reviewFigures(token).then(
      (answer) => live && setLoad({ state: 'done', answer }),
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  const series = useMemo(
    () => (load.state === 'done' ? load.answer.reviewers.map((r) => ({ label: r.name, values: r.weeks.map((w) => w.medianHours) })) : []),
    [load],
  );

  if (load.state === 'loading') return <p role="status">Loading review figures…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { weeks, reviewers, released, withinPromise, waiting } = load.answer;
  const share = released > 0 ? `${Math.round((withinPromise / released) * 100)}%` : '—';
  return (
    <div className="staff-mentors">
      <h1>Reviews</h1>
      <section aria-labelledby={ids.waiting}>
        <h2 id={ids.waiting}>The promise</h2>
        <p>
          Learners are promised a review within {TURNAROUND_HOURS} hours ({FAST_TURNAROUND_HOURS} for Platinum and Elite).
        </p>
        <dl className="staff-figures">
          <div>
            <dt>Reviewed within the promise, last 8 weeks</dt>
            <dd data-testid="within-promise">
              {share}{' '}
              <span className="muted">
                ({withinPromise} of {released})
              </span>
            </dd>
          </div>
          <div>
            <dt>Waiting now</dt>
            <dd data-testid="waiting-now">
              {waiting.count} <span className="muted">({waiting.overdue} overdue)</span>
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby={ids.trend}>
        <h2 id={ids.trend}>Median turnaround by reviewer</h2>
        <p className="muted">
          Hours from submission to the released review, by the week the work arrived (weeks start on Monday, India time).
        </p>
        {reviewers.length === 0 ? (
          <p>No reviews released in the last eight weeks.</p>
        ) : (
          <>
            <Suspense fallback={<div className="utilisation-chart" />}>
              <WeeklyChart weeks={weeks} series={series} axis="Median hours to review" unit=" h" empty="none" testId="turnaround-chart" />
            </Suspense>
            <FiguresTable
              label="Turnaround by week"
              columns={[{ key: 'reviewer', label: 'Reviewer' }, ...weeks.map((w) => ({ key: w, label: weekOf.format(w) }))]}
              rows={reviewers.map((r) => ({
                key: r.uid,
                head: r.name,
                cells: r.weeks.map((w) => (
                  <>
                    {w.medianHours === null ? '—' : `${w.medianHours} h`}{' '}
                    <span className="muted">
                      ({w.reviewed} reviewed{w.overdue ? `, ${w.overdue} overdue` : ''})
                    </span>
                  </>
                )),
              }))}
              rowTestId="turnaround-row"
            />
          </>
        )}
      </section>
    </div>
  );
}
