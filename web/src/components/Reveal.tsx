import { m, useReducedMotion } from 'motion/react';
import type { ReactNode } from 'react';

/** Fades and lifts its content in once when scrolled into view (800 ms); still under reduced motion. */
export function Reveal({ children, className, delay = 0 }: { children: ReactNode; className?: string; delay?: number }) {
  const reduce = useReducedMotion();
  if (reduce) return <div className={className}>{children}</div>;
  return (
    <m.div
      className={className}
      initial={{ opacity: 0, y: 24 }}
      whileInView={{ opacity: 1, y: 0 }}
      viewport={{ once: true, amount: 0.15 }}
      transition={{ duration: 0.8, ease: 'easeOut', delay }}
    >
      {children}
    </m.div>
  );
}
