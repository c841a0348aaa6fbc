import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAfterIdle } from '../lib/afterIdle';
import { countWithin } from '../lib/countUp';
import { Counter } from './Counter';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let trigger: Callback = () => {};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: Callback) {
        trigger = cb;
      }
      observe() {}
      disconnect() {
        trigger = () => {};
      }
    },
  );
});
afterEach(() => {
  resetAfterIdle();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shown = () => screen.getByTestId('counter-value').textContent;
/** jsdom has no requestIdleCallback: the page's idle moment is a 200 ms timer there (lib/afterIdle.ts). */
const idle = () => act(() => vi.advanceTimersByTimeAsync(200));

describe('Counter', () => {
  it('starts at 0, counts to the target over 2 s on first view, and only once', async () => {
    render(<Counter to={500} />);
    expect(shown()).toBe('0+');
    await idle();
    act(() => trigger([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(1000));
    const midway = Number(shown()?.replace('+', ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(500);
    act(() => vi.advanceTimersByTime(1100));
    expect(shown()).toBe('500+');
    // A second sighting does not restart the count.
    act(() => trigger([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(100));
    expect(shown()).toBe('500+');
  });

  it('requests no animation frame before it is seen, and none after it finished', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    render(<Counter to={500} />);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(frames).not.toHaveBeenCalled();
    act(() => trigger([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(2100));
    const during = frames.mock.calls.length;
    // A figure every 80 ms over 2 s: about 25 frames, not one per display frame (120).
    expect(during).toBeGreaterThan(20);
    expect(during).toBeLessThanOrEqual(27);
    act(() => vi.advanceTimersByTime(5000));
    expect(frames.mock.calls.length).toBe(during);
  });

  it('watches for its first sighting only once the page is idle after hydration, so a visible counter waits too', async () => {
    const observed = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: Callback) {
          trigger = cb;
        }
        observe = observed;
        disconnect() {
          trigger = () => {};
        }
      },
    );
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    render(<Counter to={1500} />);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(observed).not.toHaveBeenCalled();
    expect(frames).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(observed).toHaveBeenCalledTimes(1);
    act(() => trigger([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(2100));
    expect(shown()).toBe('1,500+');
  });

  it('unmounted mid-count, it leaves the final figure, never a partial one', async () => {
    const { unmount } = render(<Counter to={500} />);
    await idle();
    act(() => trigger([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(500));
    const node = screen.getByTestId('counter-value');
    unmount();
    expect(node.textContent).toBe('500+');
  });

  it('in adopted HTML (a prerendered stats section React does not hydrate), countWithin counts each counter the same way', async () => {
    const { container, unmount } = render(
      <>
        <Counter to={1500} />
        <Counter to={85} suffix="%" />
      </>,
    );
    const html = container.innerHTML;
    unmount();
    const root = document.createElement('section');
    root.innerHTML = html;
    document.body.append(root);
    const figures = () => [...root.querySelectorAll('[data-counter-value]')].map((el) => el.textContent);
    // One watcher per counter, each seen on its own.
    const watchers: Callback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: Callback) {
          watchers.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    const stop = countWithin(root);
    expect(figures()).toEqual(['0+', '0%']);
    await idle();
    expect(watchers).toHaveLength(2);
    act(() => watchers[0]([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(2100));
    expect(figures()).toEqual(['1,500+', '0%']);
    act(() => watchers[1]([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(2100));
    expect(figures()).toEqual(['1,500+', '85%']);
    stop();
    root.remove();
  });
});
