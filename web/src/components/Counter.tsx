import { useEffect, useRef } from 'react';
import { formatIndianNumber } from '@upskill/domain/common';
import { afterIdleOrInput } from '../lib/afterIdle';
import { prefersReducedMotion } from '../lib/reducedMotion';
import { whenSeen } from '../lib/whenSeen';

const DURATION_MS = 2000;
/**
 * A new figure at most every 80 ms (25 over the count, not 120): each one costs a style, layout and paint
 * pass, and a performance trace of the home page at 8x CPU put 1.3 s of main-thread time on this count.
 */
const STEP_MS = 80;
const shown = (value: number, suffix: string) => `${formatIndianNumber(value)}${suffix}`;

/**
 * Counts from 0 to `to` over 2 s the first time it is seen, then stays put. Each frame writes the number
 * straight into its text node: React renders the counter once, not 120 times (on a slow phone those
 * renders were most of the home page's script time). Screen readers get the final figure at once.
 *
 * One effect, no state: it waits for the browser's first idle moment after hydration (or the visitor's first
 * input, lib/afterIdle.ts), then watches for the counter's first sighting. The count is decoration, so on a slow
 * phone it never runs in the tasks that make the page interactive (issue 60), and it re-renders nothing.
 */
export function Counter({ to, suffix = '+' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const number = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const el = ref.current;
    const text = number.current?.firstChild;
    if (!el || !text) return;
    let live = true;
    let stopWatching: () => void = () => undefined;
    let frame = 0;
    let wait = 0;
    const count = () => {
      // Under reduced motion the first frame shows the final number.
      const duration = prefersReducedMotion() ? 0 : DURATION_MS;
      const start = performance.now();
      // One figure per frame, one frame per step: between steps the page runs nothing for the count.
      const tick = (now: number) => {
        const progress = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
        text.nodeValue = shown(Math.round(to * (1 - Math.pow(1 - progress, 3))), suffix);
        if (progress < 1) wait = window.setTimeout(() => (frame = requestAnimationFrame(tick)), STEP_MS);
      };
      frame = requestAnimationFrame(tick);
    };
    void afterIdleOrInput().then(() => {
      if (!live) return;
      // Counts at its first sighting (at once in a browser without IntersectionObserver).
      stopWatching = whenSeen(el, count);
    });
    return () => {
      live = false;
      stopWatching();
      cancelAnimationFrame(frame);
      window.clearTimeout(wait);
      // Torn down mid-count: never leave a partial figure behind.
      if (frame) text.nodeValue = shown(to, suffix);
    };
  }, [to, suffix]);

  return (
    <span ref={ref} className="counter" data-target={to}>
      <span className="visually-hidden">{shown(to, suffix)}</span>
      {/* One text node, 0 as prerendered: the effect above writes each frame's figure into it. */}
      {/* As wide as the final figure from the start: the count never moves what is around it, and each new
          figure lays out only itself (contain in global.css). */}
      <span
        ref={number}
        aria-hidden="true"
        data-testid="counter-value"
        className="counter__value"
        style={{ minWidth: `${shown(to, suffix).length}ch` }}
      >
        {shown(0, suffix)}
      </span>
    </span>
  );
}
