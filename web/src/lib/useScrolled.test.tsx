import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolled } from './useScrolled';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useScrolled', () => {
  it('watches a strip as tall as the threshold at the top of the page, and never reads the scroll position', () => {
    let report: Callback = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback) {
          report = callback;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    const { result, unmount } = renderHook(() => useScrolled(40));
    expect(result.current).toBe(false);
    const strip = observed[0] as HTMLElement;
    expect(strip.parentElement).toBe(document.body);
    expect([strip.style.position, strip.style.top, strip.style.height, strip.getAttribute('aria-hidden')]).toEqual([
      'absolute',
      '0px',
      '40px',
      'true',
    ]);
    act(() => report([{ isIntersecting: false }]));
    expect(result.current).toBe(true);
    act(() => report([{ isIntersecting: true }]));
    expect(result.current).toBe(false);
    expect(scrollY).not.toHaveBeenCalled();
    unmount();
    expect(strip.isConnected).toBe(false);
  });

  it('without IntersectionObserver, falls back to the scroll position', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(41);
    const { result } = renderHook(() => useScrolled(40));
    expect(result.current).toBe(true);
    scrollY.mockReturnValue(40);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(false);
  });
});
