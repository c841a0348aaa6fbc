import { animateIn, prefersReducedMotion } from './motion';

const AMOUNT = 0.15;

/**
 * Fades and lifts `el` in (800 ms, once) when it scrolls into view; returns the cleanup. Content starts visible,
 * as prerendered: only blocks still below the fold after load are hidden to be revealed, so nothing on the first
 * screen waits for a script, and under reduced motion nothing moves at all.
 *
 * Where the block is comes from an IntersectionObserver rather than getBoundingClientRect: reading layout during
 * hydration forced a layout of the whole page (and of sections the browser was skipping with
 * content-visibility) once per block.
 */
export function observeReveal(el: HTMLElement, delay = 0): () => void {
  if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return () => undefined;
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
}

/**
 * The reveals inside prerendered HTML that React adopted without rendering it (StaticHtml): each Reveal marks
 * its block with `data-reveal` (its delay), and this starts them as Reveal's own effect would.
 */
export function revealWithin(root: HTMLElement): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>('[data-reveal]')].map((el) => observeReveal(el, Number(el.dataset.reveal) || 0));
  return () => {
    for (const stop of stops) stop();
  };
}
