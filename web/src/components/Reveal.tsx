import { useInView } from 'motion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { animateIn, prefersReducedMotion } from '../lib/motion';

/**
 * Fades and lifts its content in (800 ms, once) when it scrolls into view. Content starts visible, as
 * prerendered: only blocks still below the fold after load are hidden to be revealed, so nothing on the
 * first screen waits for a script, and under reduced motion nothing moves at all.
 */
export function Reveal({ children, className, delay = 0 }: { children: ReactNode; className?: string; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref, { once: true, amount: 0.15 });
  const waiting = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || el.getBoundingClientRect().top < window.innerHeight) return;
    el.style.opacity = '0';
    el.style.transform = 'translateY(24px)';
    waiting.current = true;
  }, []);

  useEffect(() => {
    if (!inView || !waiting.current || !ref.current) return;
    waiting.current = false;
    animateIn(ref.current, { opacity: 1, transform: 'translateY(0px)' }, { duration: 0.8, ease: 'easeOut', delay });
  }, [inView, delay]);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
