import { useEffect, useRef } from 'react';
import { formatIndianNumber } from '@upskill/domain/money';
import { prefersReducedMotion } from '../lib/motion';
import { useNearViewport } from '../lib/useNearViewport';

const DURATION_MS = 2000;
const shown = (value: number, suffix: string) => `${formatIndianNumber(value)}${suffix}`;

/**
 * Counts from 0 to `to` over 2 s the first time it is seen, then stays put. Each frame writes the number
 * straight into its text node: React renders the counter once, not 120 times (on a slow phone those
 * renders were most of the home page's script time). Screen readers get the final figure at once.
 */
export function Counter({ to, suffix = '+' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const number = useRef<HTMLSpanElement>(null);
  const seen = useNearViewport(ref, '0px');

  useEffect(() => {
    const text = number.current?.firstChild;
    if (!seen || !text) return;
    // Under reduced motion the first frame shows the final number.
    const duration = prefersReducedMotion() ? 0 : DURATION_MS;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
      text.nodeValue = shown(Math.round(to * (1 - Math.pow(1 - progress, 3))), suffix);
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      // Torn down mid-count: never leave a partial figure behind.
      text.nodeValue = shown(to, suffix);
    };
  }, [seen, to, suffix]);

  return (
    <span ref={ref} className="counter" data-target={to}>
      <span className="visually-hidden">{shown(to, suffix)}</span>
      {/* One text node, 0 as prerendered: the effect above writes each frame's figure into it. */}
      <span ref={number} aria-hidden="true" data-testid="counter-value">
        {shown(0, suffix)}
      </span>
    </span>
  );
}
