import { useEffect, useRef } from 'react';
import { counterText, countUp } from '../lib/countUp';

/**
 * A stat counter: counts from 0 to `to` over 2 s the first time it is seen, then stays put (lib/countUp.ts). React
 * renders it once; the count writes each figure into its text node. Screen readers get the final figure at once.
 * In a prerendered stats section it is not hydrated at all: the section is adopted HTML (StaticHtml) and starts
 * its counters with `countWithin`, the same code this effect runs.
 */
export function Counter({ to, suffix = '+' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => (ref.current ? countUp(ref.current) : undefined), [to, suffix]);

  return (
    <span ref={ref} className="counter" data-target={to} data-suffix={suffix}>
      <span className="visually-hidden">{counterText(to, suffix)}</span>
      {/* One text node, 0 as prerendered: the count writes each frame's figure into it. */}
      {/* As wide as the final figure from the start: the count never moves what is around it, and each new
          figure lays out only itself (contain in global.css). */}
      <span
        aria-hidden="true"
        data-testid="counter-value"
        data-counter-value=""
        className="counter__value"
        style={{ minWidth: `${counterText(to, suffix).length}ch` }}
      >
        {counterText(0, suffix)}
      </span>
    </span>
  );
}
