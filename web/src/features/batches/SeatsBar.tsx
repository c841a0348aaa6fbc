import { startTransition, useEffect, useState } from 'react';
import type { BatchSummaryAnswer } from '@upskill/domain/enrollment';
import { afterIdleOrInput } from '../../lib/afterIdle';
import { fetchSummary } from './api';

type Next = BatchSummaryAnswer['offerings'][string];

/**
 * How full the offering's next batch is, from the live summary. The prerendered bar is empty and says
 * so; once the summary arrives the same two lines fill in, so nothing below moves (the label's line
 * is always there). No batch open: it says that instead of a number. The figures fill in as a transition:
 * on /courses that is one render of every card's bar, and a tap meanwhile goes first. The request waits for the
 * browser's first idle moment after hydration, or the visitor's first input (lib/afterIdle.ts): it is not needed
 * to use the page, and on a slow phone its answer's render must not lengthen the tasks that make it interactive.
 */
export function SeatsBar({ offering }: { offering: string }) {
  const [next, setNext] = useState<Next | 'unknown'>('unknown');
  useEffect(() => {
    let live = true;
    void afterIdleOrInput()
      .then(fetchSummary)
      .then((answer) => {
        if (live) startTransition(() => setNext(answer ? (answer.offerings[offering] ?? null) : 'unknown'));
      });
    return () => {
      live = false;
    };
  }, [offering]);
  const filled = next && next !== 'unknown' ? next.filledPercent : 0;
  const label =
    next === 'unknown'
      ? 'Seats in the next batch'
      : next === null
        ? 'No batch open yet'
        : next.seatsLeft === 0
          ? 'Next batch full – join the waitlist'
          : `${filled}% Seats Filled · ${next.seatsLeft} left`;
  return (
    <div className="seats" data-seats={next === 'unknown' ? 'loading' : 'live'}>
      <div
        className="seats__bar"
        role="progressbar"
        aria-valuenow={filled}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Seats filled in the next batch"
      >
        <span style={{ width: `${filled}%` }} />
      </div>
      <span className="seats__label" aria-live="polite">
        {label}
      </span>
    </div>
  );
}
