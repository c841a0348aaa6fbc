import { formatIndianNumber } from '@upskill/domain/common';
import { afterIdleOrInput } from './afterIdle';
import { prefersReducedMotion } from './reducedMotion';
import { whenSeen } from './whenSeen';

const DURATION_MS = 2000;
/**
 * A new figure at most every 80 ms (25 over the count, not 120): each one costs a style, layout and paint
 * pass, and a performance trace of the home page at 8x CPU put 1.3 s of main-thread time on this count.
 */
const STEP_MS = 80;
export const counterText = (value: number, suffix: string) => `${formatIndianNumber(value)}${suffix}`;

/**
 * Counts a stat counter's figure from 0 to its target over 2 s the first time it is seen, then leaves it; returns
 * the stop. `el` is the counter's element as Counter renders it (prerendered or not): its target and suffix in
 * `data-target` and `data-suffix`, the figure in one text node inside `[data-counter-value]`. Each frame writes the
 * number straight into that text node, so nothing re-renders.
 *
 * It waits for the browser's first idle moment after hydration (or the visitor's first input, lib/afterIdle.ts),
 * then for the counter's first sighting. The count is decoration, so on a slow phone it never runs in the tasks
 * that make the page interactive (issue 60). Under reduced motion the first frame shows the final figure.
 */
export function countUp(el: HTMLElement): () => void {
  const to = Number(el.dataset.target);
  const suffix = el.dataset.suffix ?? '';
  const text = el.querySelector('[data-counter-value]')?.firstChild;
  if (!Number.isFinite(to) || !text) return () => undefined;
  let live = true;
  let stopWatching: () => void = () => undefined;
  let frame = 0;
  let wait = 0;
  const count = () => {
    const duration = prefersReducedMotion() ? 0 : DURATION_MS;
    const start = performance.now();
    // One figure per frame, one frame per step: between steps the page runs nothing for the count.
    const tick = (now: number) => {
      const progress = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
      text.nodeValue = counterText(Math.round(to * (1 - Math.pow(1 - progress, 3))), suffix);
      if (progress < 1) wait = window.setTimeout(() => (frame = requestAnimationFrame(tick)), STEP_MS);
    };
    frame = requestAnimationFrame(tick);
  };
  void afterIdleOrInput().then(() => {
    if (!live) return;
    // Counts at its first sighting (at once in a browser without IntersectionObserver).
    stopWatching = whenSeen(el, count);
  });
  return () => {
    live = false;
    stopWatching();
    cancelAnimationFrame(frame);
    window.clearTimeout(wait);
    // Stopped mid-count: never leave a partial figure behind.
    if (frame) text.nodeValue = counterText(to, suffix);
  };
}

/**
 * The counters inside prerendered HTML that React adopted without rendering it (StaticHtml's `whenAdopted`): each
 * is started as Counter's own effect would start it. The stats sections hold nothing else that needs React, so they
 * are not hydrated at all.
 */
export function countWithin(root: HTMLElement): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>('.counter[data-target]')].map(countUp);
  return () => {
    for (const stop of stops) stop();
  };
}
