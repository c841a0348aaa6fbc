import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadStartModules, prerenderedPageModules } from './startModules';

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('preloadStartModules', () => {
  it('adds one low-priority, CORS module preload per chunk the entry script names', async () => {
    document.head.innerHTML =
      '<script type="module" src="/assets/index-a.js" data-modules="/assets/client-b.js  /assets/HomePage-c.js"></script>';
    expect(await preloadStartModules()).toBe(2);
    const links = [...document.head.querySelectorAll('link')];
    expect(
      links.map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('crossorigin'), link.getAttribute('fetchpriority')]),
    ).toEqual([
      ['modulepreload', '/assets/client-b.js', '', 'low'],
      ['modulepreload', '/assets/HomePage-c.js', '', 'low'],
    ]);
  });

  it('adds nothing on a page that names no chunks (the app shell preloads from its HTML)', async () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-a.js"></script>';
    expect(await preloadStartModules()).toBe(0);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('adds them one per task, in the order named (React DOM first), so no task runs long', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `/assets/chunk-${index}.js`);
    document.head.innerHTML = `<script type="module" src="/assets/index-a.js" data-modules="${names.join(' ')}"></script>`;
    const done = preloadStartModules();
    const added = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(added()).toEqual(names.slice(0, 1));
    // Timers of the same delay run in the order they were set: this one runs after the next link's.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(added()).toEqual(names.slice(0, 2));
    expect(await done).toBe(20);
    expect(added()).toEqual(names);
  });
});

describe('prerenderedPageModules', () => {
  it("reads the page modules a prerendered page's entry script names, in order", () => {
    document.head.innerHTML =
      '<script type="module" src="/assets/index-a.js" data-modules="/assets/b.js" data-pages="course-page/CoursePage  catalogue/CoursesPage"></script>';
    expect(prerenderedPageModules()).toEqual(['course-page/CoursePage', 'catalogue/CoursesPage']);
  });

  it('is undefined where the HTML names none (the app shell), so hydration matches the URL instead', () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-a.js"></script>';
    expect(prerenderedPageModules()).toBeUndefined();
    document.head.innerHTML = '<script type="module" src="/assets/index-a.js" data-pages=""></script>';
    expect(prerenderedPageModules()).toBeUndefined();
  });
});

describe('afterFirstPaint', () => {
  it('waits for the browser to report the first contentful paint, then for the task after it', async () => {
    vi.useFakeTimers();
    let report: (names: string[]) => void = () => undefined;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
        report = (names) => callback({ getEntriesByName: (name: string) => names.filter((n) => n === name) });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const frames = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frames);
    const done = vi.fn();
    void afterFirstPaint().then(done);
    await vi.advanceTimersByTimeAsync(1_000);
    report(['first-paint']);
    await vi.advanceTimersByTimeAsync(10);
    expect(done).not.toHaveBeenCalled();
    report(['first-contentful-paint']);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledOnce();
    // Frames are not what it waits for where paint timing exists.
    expect(frames).not.toHaveBeenCalled();
  });

  it('without paint timing: waits for a frame, then for the task after it', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    let frame: FrameRequestCallback = () => undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => ((frame = callback), 1));
    const done = vi.fn();
    void afterFirstPaint().then(done);
    await vi.advanceTimersByTimeAsync(50);
    expect(done).not.toHaveBeenCalled();
    frame(0);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledOnce();
  });

  it('goes on after its limit where nothing is painted (a tab opened in the background)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const done = vi.fn();
    void afterFirstPaint(200).then(done);
    await vi.advanceTimersByTimeAsync(199);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });
});
