import { useEffect, useRef, type ReactNode } from 'react';
import { observeReveal } from '../lib/reveal';

/**
 * Fades and lifts its content in when it scrolls into view (lib/reveal.ts). `data-reveal` lets a block inside
 * adopted static HTML (StaticHtml) be revealed without this component rendering.
 */
export function Reveal({ children, className, delay = 0 }: { children: ReactNode; className?: string; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? observeReveal(ref.current, delay) : undefined), [delay]);
  return (
    <div ref={ref} className={className} data-reveal={delay}>
      {children}
    </div>
  );
}
