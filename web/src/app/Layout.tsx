import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { prefersReducedMotion } from '../lib/reducedMotion';
import { markHydrated } from '../lib/earlyInput';
import { markAppHydrated } from '../lib/useHydrated';
import Header from './Header';
import Footer from './Footer';
import { usePageLoading } from './pages';
import RouteErrorBoundary from './RouteErrorBoundary';
import { useScrollRestoration } from './useScrollRestoration';

export default function Layout() {
  const { pathname, key, search } = useLocation();
  const loading = usePageLoading();
  useScrollRestoration();
  const main = useRef<HTMLElement>(null);
  // The first page (location key 'default') appears at once, so the LCP is never faded in;
  // every later route change fades and slides the new page in over 0.3 s, with the browser's own Web Animations
  // (no library: the pages that use none of motion's reveals no longer load it at start).
  const firstPage = key === 'default';
  useEffect(() => {
    const el = main.current;
    if (firstPage || !el || typeof el.animate !== 'function' || prefersReducedMotion()) return;
    el.animate(
      [
        { opacity: 0, transform: 'translateY(12px)' },
        { opacity: 1, transform: 'translateY(0px)' },
      ],
      { duration: 300, easing: 'ease-out' },
    );
  }, [pathname, firstPage]);

  // main's data-path: the location of the page on show. A navigation is a transition, so until the next page's module
  // arrives the page before it stays (aria-busy), and the path tells the two apart. Set once a location is committed,
  // in the browser only: the 404 page is prerendered once and served for every unknown address.
  useLayoutEffect(() => {
    if (main.current) main.current.dataset.path = pathname;
  }, [pathname]);

  // A friend's referral link (?ref=…) on any page: its code is kept for the enrollment form. Loaded only for such a
  // link, so no other page pays for it.
  useEffect(() => {
    if (search.includes('ref=')) void import('../lib/referral').then((m) => m.rememberReferralFrom(search));
  }, [search]);

  // Marks the page interactive (the router subscribed in a layout effect, before this runs): clicks
  // held since first paint are replayed, and tests that want a hydrated page wait for the mark.
  useEffect(() => {
    // Components that mount from now on were never prerendered.
    markAppHydrated();
    // After the next frame: by then React has finished the hydration work it scheduled with this
    // commit, and a replayed click starts a navigation nothing else is still rendering over.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(markHydrated, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} aria-busy={loading}>
        <RouteErrorBoundary resetKey={key}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
