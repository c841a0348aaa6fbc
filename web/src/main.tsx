import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import { routes } from './app/routes';
import { guardEarlyInput } from './lib/earlyInput';
import './styles/index.css';

const container = document.getElementById('root') as HTMLElement;

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
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task, so the prerendered page stays responsive (lower Total Blocking Time).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
