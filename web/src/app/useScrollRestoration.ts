import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { isAppHydrated } from '../lib/useHydrated';

const STORAGE_KEY = 'upskill:scroll-positions';
/** Where the visitor was on each page of this tab's history, by the location's key. */
const positions = new Map<string, number>();

function readStored(): void {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    for (const [key, y] of Object.entries(stored)) if (typeof y === 'number') positions.set(key, y);
  } catch {
    // No storage (a private window's quota, or a policy): positions last as long as the page.
  }
}

function store(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // As above.
  }
}

/** A navigation that asks to keep the visitor's place (the catalogue's filters): `state.preventScrollReset`. */
const keepsPlace = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { preventScrollReset?: unknown }).preventScrollReset === true;

/**
 * Scrolling as a visitor expects it of a site that changes page without reloading:
 * - the prerendered first page stays where the visitor has scrolled it while it hydrated (a jump to the top moved
 *   a button from under a finger about to tap it, and the tap landed on the page behind);
 * - a new page (a link, a redirect) starts at the top, or at its #fragment;
 * - Back and Forward, and reloading a page the browser rendered, return to where the visitor was;
 * - a change that keeps the place (the catalogue's filters) keeps it.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location.key);
  const first = useRef(true);

  useLayoutEffect(() => {
    readStored();
    history.scrollRestoration = 'manual';
    const remember = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    if (first.current) {
      first.current = false;
      // A prerendered page is hydrating under the visitor's eyes: leave it. The app shell's page was blank until now.
      const saved = positions.get(location.key);
      if (isAppHydrated() && saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (type === 'POP') {
      window.scrollTo(0, positions.get(location.key) ?? 0);
      return;
    }
    if (keepsPlace(location.state)) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, type]);
}
