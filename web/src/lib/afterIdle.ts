import { startTransition, useEffect, useState } from 'react';

/**
 * Work a visitor does not need to start using the page waits (issue 60: on a slow phone it lengthened the tasks that
 * make the page usable, and Total Blocking Time counts every task over 50 ms):
 * - afterIdleOrInput: until the browser's first idle moment after hydration, or the visitor's first touch, key, wheel
 *   or scroll, whichever comes first (the seat summary's request and render, the signed-in account corner and its
 *   Firebase SDK, the stat counters' count);
 * - afterFirstInput: until the visitor's first input, or a quiet moment 10 s later (the home page's featured courses
 *   and testimonials, below the first screen: their chunk, render and layout came to a long task at load).
 * A visitor who acts at once is never kept waiting for an idle moment that has not come, nor for input they gave
 * before the app's scripts ran.
 */
/** What counts as input. The inline guard (web/inline/early-input.js) notes the same five before the app starts. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** An idle moment may not come on a busy page: the work starts after this long anyway. */
const IDLE_TIMEOUT_MS = 4000;
/** Below-the-fold work with no input: this long after the first call, at the next idle moment. */
export const FIRST_INPUT_FALLBACK_MS = 10_000;

let idleOrInput: Promise<void> | undefined;
let firstInput: Promise<void> | undefined;

/**
 * Whether the visitor already gave input before this was first asked: the inline guard (web/inline/early-input.js)
 * notes it from the page's first byte. Without it, a visitor who scrolled before hydration and then stopped saw the
 * catalogue's empty slots, or the featured courses' placeholder, until they moved again or 10 s went by.
 */
const inputAlreadyGiven = () => window.__upskillEarlyInput?.inputAt !== undefined;

/** Resolves at the first input, or when `wait` calls `go`; the listeners and `wait`'s timers are then dropped. */
function whenInputOr(wait: (go: () => void) => () => void): Promise<void> {
  return new Promise<void>((resolve) => {
    if (inputAlreadyGiven()) {
      resolve();
      return;
    }
    let cancel = () => {};
    const go = () => {
      for (const type of INPUT_EVENTS) removeEventListener(type, go, true);
      cancel();
      resolve();
    };
    for (const type of INPUT_EVENTS) addEventListener(type, go, { capture: true, passive: true });
    cancel = wait(go);
  });
}

/** The next idle moment (a short timer where the browser has no requestIdleCallback: Safari); returns its cancel. */
function nextIdle(go: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(go, 200);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(id);
}

/** Resolves once per page load, at the first idle moment or input (shared by every caller). */
export const afterIdleOrInput = (): Promise<void> => (idleOrInput ??= whenInputOr(nextIdle));

/** Resolves once per page load, at the first input, or at an idle moment FIRST_INPUT_FALLBACK_MS after the first call. */
export const afterFirstInput = (): Promise<void> =>
  (firstInput ??= whenInputOr((go) => {
    let cancelIdle = () => {};
    const timer = setTimeout(() => (cancelIdle = nextIdle(go)), FIRST_INPUT_FALLBACK_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }));

/** Tests only: forget the page load's idle moment and first input. */
export function resetAfterIdle(): void {
  idleOrInput = undefined;
  firstInput = undefined;
}

/**
 * False until `when` resolves (always false on the server and during hydration). The switch is a transition: what
 * renders then (the featured courses, the account corner) is rendered in slices.
 */
function useResolved(when: () => Promise<void>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void when().then(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [when]);
  return ready;
}

export const useAfterIdleOrInput = () => useResolved(afterIdleOrInput);
export const useAfterFirstInput = () => useResolved(afterFirstInput);
