import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import { routes } from './app/routes';
import { guardEarlyInput } from './lib/earlyInput';
import { markAppHydrated } from './lib/useHydrated';
import './styles/index.css';

const container = document.getElementById('root') as HTMLElement;

/**
 * Lets the browser paint and handle input between the start-up steps: each is then its own short task
 * on a slow phone instead of one long one (Total Blocking Time counts every task over 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

if (container.hasChildNodes()) {
  guardEarlyInput();
  // A prerendered page: load its lazy route modules first so the first client render matches the HTML.
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
  const router = createBrowserRouter(routes);
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task, so the prerendered page stays responsive (lower Total Blocking Time).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
} else {
  // The app shell renders in the browser from the start: nothing waits for hydration.
  markAppHydrated();
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
