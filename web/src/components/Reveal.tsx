import { useEffect, useRef, type ReactNode } from 'react';
import { animateIn, prefersReducedMotion } from '../lib/motion';

const AMOUNT = 0.15;

/**
 * Fades and lifts its content in (800 ms, once) when it scrolls into view. Content starts visible, as
 * prerendered: only blocks still below the fold after load are hidden to be revealed, so nothing on the
 * first screen waits for a script, and under reduced motion nothing moves at all.
 *
 * Where the block is comes from an IntersectionObserver rather than getBoundingClientRect: reading
 * layout during hydration forced a layout of the whole page (and of sections the browser was skipping
 * with content-visibility) once per block.
 */
export function Reveal({ children, className, delay = 0 }: { children: ReactNode; className?: string; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    let hidden = false;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        const viewportHeight = entry.rootBounds?.height ?? window.innerHeight;
        if (!hidden) {
          const box = entry.boundingClientRect;
          // A skipped (content-visibility) section reports an empty box: it is off screen too.
          const belowFold = !entry.isIntersecting && (box.top >= viewportHeight || (box.width === 0 && box.height === 0));
          if (!belowFold) {
            observer.disconnect();
            return;
          }
          el.style.opacity = '0';
          el.style.transform = 'translateY(24px)';
          hidden = true;
          return;
        }
        const seen = entry.intersectionRatio >= AMOUNT || entry.intersectionRect.height >= viewportHeight * AMOUNT;
        if (!seen) return;
        observer.disconnect();
        hidden = false;
        animateIn(el, { opacity: 1, transform: 'translateY(0px)' }, { duration: 0.8, ease: 'easeOut', delay });
      },
      { threshold: [0, AMOUNT, 0.5, 1] },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      // Never leave a block invisible when the effect is torn down before it was revealed.
      if (hidden) {
        el.style.removeProperty('opacity');
        el.style.removeProperty('transform');
      }
    };
  }, [delay]);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
