import { act, fireEvent, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './useScrollRestoration';

const router: { navigate?: NavigateFunction } = {};
const expose = (navigate: NavigateFunction) => {
  router.navigate = navigate;
};

function Probe() {
  useScrollRestoration();
  const navigate = useNavigate();
  useEffect(() => expose(navigate), [navigate]);
  return <div id="outcomes">Outcomes</div>;
}

/** The visitor scrolls to `y` (the page reports it, as a browser does with a scroll event). */
function scrollBy(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

const go = (to: string | number, options?: { state?: unknown; replace?: boolean }) =>
  act(() => {
    if (typeof to === 'number') void router.navigate?.(to);
    else void router.navigate?.(to, options);
  });

describe('scrolling as a visitor expects it', () => {
  let scrolls: number[];
  beforeEach(() => {
    scrolls = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrolls.push(y);
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    }) as typeof window.scrollTo);
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('leaves the first page where it is, starts a new page at the top, and Back returns to the place', () => {
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(scrolls).toEqual([]);
    scrollBy(900);
    go('/about');
    expect(scrolls).toEqual([0]);
    scrollBy(300);
    go(-1);
    expect(scrolls).toEqual([0, 900]);
    go(1);
    expect(scrolls).toEqual([0, 900, 300]);
  });

  it('keeps the place for a navigation that asks to (the catalogue filters), and goes to a #fragment', () => {
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <Probe />
      </MemoryRouter>,
    );
    scrollBy(700);
    go('/courses?level=Beginner', { replace: true, state: { preventScrollReset: true } });
    expect(scrolls).toEqual([]);
    go('/courses#outcomes');
    expect(scrolls).toEqual([]);
    expect(intoView).toHaveBeenCalledTimes(1);
    go('/courses#nowhere');
    expect(scrolls).toEqual([0]);
  });

  it('lets the browser restore nothing itself, and keeps the places for a reload', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/courses']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(history.scrollRestoration).toBe('manual');
    scrollBy(450);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(Object.values(JSON.parse(sessionStorage.getItem('upskill:scroll-positions') ?? '{}'))).toContain(450);
    unmount();
    expect(history.scrollRestoration).toBe('auto');
  });
});
