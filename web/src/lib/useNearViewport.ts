import { useEffect, useState, type RefObject } from 'react';
import { whenSeen } from './whenSeen';

/**
 * Turns true (once) when the element comes within `margin` of the viewport, and stays true. Below-the-
 * fold widgets (the testimonials slider, the featured courses and their catalogue data) load then, not
 * during the first paint's busiest moment; with a margin of 0 it is "first seen" (the stat counters).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  // Without IntersectionObserver (very old browsers) the widgets simply load at once. On the server
  // the answer is false, like in every browser that has it, so hydration matches.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    return whenSeen(el, () => setNear(true), margin);
  }, [ref, margin, near]);
  return near;
}
