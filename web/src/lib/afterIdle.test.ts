import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_INPUT_FALLBACK_MS, afterFirstInput, afterIdleOrInput, resetAfterIdle } from './afterIdle';

afterEach(() => {
  resetAfterIdle();
  vi.unstubAllGlobals();
  delete window.__upskillEarlyInput;
});

/** The inline guard (web/inline/early-input.js) as it leaves a page the visitor scrolled before the app started. */
const scrolledBeforeStart = () => {
  window.__upskillEarlyInput = { clicks: [], submits: [], since: 1_000, inputAt: 1_250, stop: () => {} };
};

/** A window whose idle callbacks run only when the test says so. */
function idleControlledWindow() {
  const callbacks: (() => void)[] = [];
  const requestIdleCallback = vi.fn((callback: () => void, options?: { timeout: number }) => {
    callbacks.push(callback);
    expect(options?.timeout).toBe(4000);
    return callbacks.length;
  });
  const cancelIdleCallback = vi.fn();
  vi.stubGlobal('requestIdleCallback', requestIdleCallback);
  vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
  return { runIdle: () => callbacks.splice(0).forEach((callback) => callback()), requestIdleCallback, cancelIdleCallback };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('afterIdleOrInput', () => {
  it('waits for the first idle moment, and every caller of the page load shares it', async () => {
    const { runIdle, requestIdleCallback } = idleControlledWindow();
    const first = afterIdleOrInput();
    const second = afterIdleOrInput();
    expect(await settled(first)).toBe(false);
    runIdle();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'])(
    'goes ahead at the first %s, without waiting for an idle moment that has not come, and cancels the idle wait',
    async (type) => {
      const { cancelIdleCallback } = idleControlledWindow();
      const ready = afterIdleOrInput();
      expect(await settled(ready)).toBe(false);
      window.dispatchEvent(new Event(type));
      expect(await settled(ready)).toBe(true);
      expect(cancelIdleCallback).toHaveBeenCalledWith(1);
    },
  );

  it('goes ahead at once when the visitor gave input before the app started, and waits for no idle moment', async () => {
    const { requestIdleCallback } = idleControlledWindow();
    scrolledBeforeStart();
    expect(await settled(afterIdleOrInput())).toBe(true);
    expect(requestIdleCallback).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback (Safari), waits one short timer', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const ready = afterIdleOrInput();
    let done = false;
    void ready.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(199);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});

describe('afterFirstInput', () => {
  it('waits for the first input, not for an idle moment', async () => {
    const { runIdle } = idleControlledWindow();
    const ready = afterFirstInput();
    runIdle();
    expect(await settled(ready)).toBe(false);
    window.dispatchEvent(new Event('scroll'));
    expect(await settled(ready)).toBe(true);
  });

  it('goes ahead at once when the visitor scrolled before the app started (noted by the inline guard)', async () => {
    const { requestIdleCallback } = idleControlledWindow();
    const added = vi.spyOn(window, 'addEventListener');
    scrolledBeforeStart();
    expect(await settled(afterFirstInput())).toBe(true);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(added).not.toHaveBeenCalled();
  });

  it('a page the guard saw no input on still waits for the first input', async () => {
    idleControlledWindow();
    window.__upskillEarlyInput = { clicks: [], submits: [], since: 1_000, stop: () => {} };
    const ready = afterFirstInput();
    expect(await settled(ready)).toBe(false);
    window.dispatchEvent(new Event('wheel'));
    expect(await settled(ready)).toBe(true);
  });

  it('with no input at all, goes ahead at the first idle moment 10 s on, and drops its listeners', async () => {
    vi.useFakeTimers();
    const { runIdle, requestIdleCallback } = idleControlledWindow();
    const removed = vi.spyOn(window, 'removeEventListener');
    const ready = afterFirstInput();
    let done = false;
    void ready.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_INPUT_FALLBACK_MS - 1);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    runIdle();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['keydown', 'pointerdown', 'scroll', 'touchstart', 'wheel']);
    vi.useRealTimers();
  });
});
