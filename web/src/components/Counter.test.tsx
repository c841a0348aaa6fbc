import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shown = () => screen.getByTestId('counter-value').textContent;

describe('Counter', () => {
  it('starts at 0, counts to the target over 2 s on first view, and only once', () => {
    render(<Counter to={500} />);
    expect(shown()).toBe('0+');
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

  it('requests no animation frame before it is seen, and none after it finished', () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    render(<Counter to={500} />);
    act(() => vi.advanceTimersByTime(5000));
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
});
