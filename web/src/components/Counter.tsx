import { useEffect, useRef, useState } from 'react';
import { formatIndianNumber } from '@domain/money';
import { prefersReducedMotion } from '../lib/motion';
import { useNearViewport } from '../lib/useNearViewport';

const DURATION_MS = 2000;

/** Counts from 0 to `to` over 2 s the first time it is seen, then stays put. */
export function Counter({ to, suffix = '+' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const seen = useNearViewport(ref, '0px');
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!seen) return;
    // Under reduced motion the first frame shows the final number.
    const duration = prefersReducedMotion() ? 0 : DURATION_MS;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
      setValue(Math.round(to * (1 - Math.pow(1 - progress, 3))));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [seen, to]);

  return (
    <span ref={ref} className="counter" data-target={to}>
      <span className="visually-hidden">{`${formatIndianNumber(to)}${suffix}`}</span>
      <span aria-hidden="true" data-testid="counter-value">
        {formatIndianNumber(value)}
        {suffix}
      </span>
    </span>
  );
}
