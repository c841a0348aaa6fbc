import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import { markAppHydrated } from '../lib/useHydrated';
import { nextTask } from '../lib/nextTask';
import { routes } from './routes';

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/** Hydrates a prerendered page, or renders the app shell's page in the browser. */
export async function start(container: HTMLElement, prerendered: boolean): Promise<void> {
  if (!prerendered) {
    // The app shell renders in the browser from the start: nothing waits for hydration.
    markAppHydrated();
    createRoot(container).render(app(createBrowserRouter(routes)));
    return;
  }
  // Load the page's lazy route modules first so the first client render matches the HTML.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  ).catch(() => {
    // A chunk failed: the router loads it again and shows the retry screen if it still fails.
  });
  await nextTask();
  // hydrationData (there is no loader data to hand over) tells the router this page came from the
  // server: its scroll restoration then leaves the first page where the visitor has scrolled it, instead
  // of jumping to the top as the app takes over (which moved the button under a finger about to tap it,
  // and the tap landed on the page behind). Later navigations scroll as usual.
  const router = createBrowserRouter(routes, { hydrationData: {} });
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task, so the prerendered page stays responsive (lower Total Blocking Time).
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
}
