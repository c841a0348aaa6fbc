import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, preloadStartModules } from './startModules';

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('preloadStartModules', () => {
  it('adds one low-priority, CORS module preload per chunk the entry script names', async () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-a.js" data-modules="/assets/client-b.js  /assets/HomePage-c.js"></script>';
    expect(await preloadStartModules()).toBe(2);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('crossorigin'), link.getAttribute('fetchpriority')])).toEqual([
      ['modulepreload', '/assets/client-b.js', '', 'low'],
      ['modulepreload', '/assets/HomePage-c.js', '', 'low'],
    ]);
  });

  it('adds nothing on a page that names no chunks (the app shell preloads from its HTML)', async () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-a.js"></script>';
    expect(await preloadStartModules()).toBe(0);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('adds them a few per task, in the order named (React DOM first), so no task runs long', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `/assets/chunk-${index}.js`);
    document.head.innerHTML = `<script type="module" src="/assets/index-a.js" data-modules="${names.join(' ')}"></script>`;
    const done = preloadStartModules();
    const added = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(added()).toEqual(names.slice(0, 8));
    // Timers of the same delay run in the order they were set: this one runs after the next batch's.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(added()).toEqual(names.slice(0, 16));
    expect(await done).toBe(20);
    expect(added()).toEqual(names);
  });
});

describe('afterNextPaint', () => {
  it('waits for a frame, then for the task after it', async () => {
    vi.useFakeTimers();
    let frame: FrameRequestCallback = () => undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => ((frame = callback), 1));
    const done = vi.fn();
    void afterNextPaint().then(done);
    await vi.advanceTimersByTimeAsync(50);
    expect(done).not.toHaveBeenCalled();
    frame(0);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledOnce();
  });

  it('goes on after its limit where frames do not run (a tab opened in the background)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const done = vi.fn();
    void afterNextPaint(200).then(done);
    await vi.advanceTimersByTimeAsync(199);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });
});
