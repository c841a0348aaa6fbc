import { useEffect, useState } from 'react';

/**
 * True once the page is scrolled more than `threshold` pixels. Seen by an IntersectionObserver on an invisible
 * strip `threshold` px tall at the top of the document, not by reading `window.scrollY`: that read, in the effect
 * that runs in the hydration's commit and on every scroll event, made the browser lay the page out on the spot (a
 * forced reflow, issue 60). Without IntersectionObserver (very old browsers) it falls back to the scroll position.
 */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') {
      const update = () => setScrolled(window.scrollY > threshold);
      update();
      window.addEventListener('scroll', update, { passive: true });
      return () => window.removeEventListener('scroll', update);
    }
    const strip = document.createElement('div');
    strip.setAttribute('aria-hidden', 'true');
    strip.dataset.scrollSentinel = '';
    Object.assign(strip.style, {
      position: 'absolute',
      top: '0',
      left: '0',
      width: '1px',
      height: `${threshold}px`,
      pointerEvents: 'none',
      visibility: 'hidden',
    });
    document.body.prepend(strip);
    // Scrolled past the strip when it has left the viewport at the top (at exactly `threshold` it still touches it).
    const observer = new IntersectionObserver((entries) => setScrolled(!entries[entries.length - 1].isIntersecting));
    observer.observe(strip);
    return () => {
      observer.disconnect();
      strip.remove();
    };
  }, [threshold]);
  return scrolled;
}
