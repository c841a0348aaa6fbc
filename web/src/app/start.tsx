import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { prerenderedPageModules } from '../lib/startModules';
import { markAppHydrated } from '../lib/useHydrated';
import { nextTask } from '../lib/nextTask';
import App from './App';
import { loadPage } from './pages';
import { pageModulesAt } from './routes';

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/** Hydrates a prerendered page, or renders the app shell's page in the browser. */
export async function start(container: HTMLElement, prerendered: boolean): Promise<void> {
  if (!prerendered) {
    // The app shell renders in the browser from the start: nothing waits for hydration.
    markAppHydrated();
    createRoot(container).render(app);
    return;
  }
  // Load the page's module first so the first client render matches the HTML.
  const ids = prerenderedPageModules() ?? pageModulesAt(window.location);
  await Promise.all(ids.map(loadPage)).catch(() => {
    // A chunk failed: the page loads it again as it renders, and shows the retry screen if it still fails.
  });
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task, so the prerendered page stays responsive (lower Total Blocking Time).
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
