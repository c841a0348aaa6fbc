import { useEffect, useRef, useState } from 'react';
import { formatIndianNumber } from '@domain/money';
import { prefersReducedMotion } from '../lib/motion';

const DURATION_MS = 2000;

/** Counts from 0 to `to` over 2 s the first time it is seen, then stays put. */
export function Counter({ to, suffix = '+' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(0);
  const started = useRef(false);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    let frame = 0;
    const run = () => {
      if (started.current) return;
      started.current = true;
      if (prefersReducedMotion()) {
        setValue(to);
        return;
      }
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, (now - start) / DURATION_MS);
        setValue(Math.round(to * (1 - Math.pow(1 - progress, 3))));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    };
    if (typeof IntersectionObserver === 'undefined') {
      run();
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [to]);

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
