/**
 * Calls `seen` once, the first time `el` comes within `margin` of the viewport, and stops watching; returns the stop.
 * Without IntersectionObserver (very old browsers) it is called at once. The one viewport watcher for the widgets that
 * wait to be seen: the below-the-fold loads (useNearViewport) and the stat counters (Counter). The reveals read more
 * of each sighting (how far it is in) and keep their own (reveal.ts).
 */
export function whenSeen(el: Element, seen: () => void, margin = '0px'): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    seen();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      seen();
    },
    { rootMargin: `${margin} 0px` },
  );
  observer.observe(el);
  return () => observer.disconnect();
}
