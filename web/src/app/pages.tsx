import { createElement, use, useSyncExternalStore, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * The page modules: every `features/{feature}/{Name}Page.tsx`, and the staff console. Each loads on demand, so
 * each page's scripts carry only what that page shows. A route names its module (the route's id), which also
 * tells the prerender which chunks the page needs (scripts/prerender.mjs preloads them in the page's HTML).
 */
const PAGE_MODULES = import.meta.glob<PageModule>(['../features/*/*Page.tsx', '../features/staff/StaffConsole.tsx']);

/** Whether `id` (e.g. `home/HomePage`) names a page module. */
export const isPageModule = (id: string) => `../features/${id}.tsx` in PAGE_MODULES;

const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();
/** Modules that failed to load since the last navigation: their page throws the error to the error screen. */
const failed = new Map<string, unknown>();

/** A navigation tries failed modules again (the error screen's boundary calls this when the location changes). */
export function forgetFailedPages(): void {
  failed.clear();
}

// How many page modules are on their way: the layout marks the page busy meanwhile.
let pending = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Loads a page's module once; the same promise to every caller while it is on its way. A failed load is kept
 * until the next navigation (forgetFailedPages), so the page shows the error instead of asking again and
 * again; the next visit tries afresh.
 */
export function loadPage(id: string): Promise<ComponentType> {
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  const inFlight = loading.get(id);
  if (inFlight) return inFlight;
  const load = PAGE_MODULES[`../features/${id}.tsx`];
  if (!load) return Promise.reject(new Error(`No page module features/${id}.tsx`));
  pending++;
  // Told after the render that asked for it: a store must not change while React renders.
  queueMicrotask(notify);
  const promise = load().then(
    (module) => {
      loaded.set(id, module.default);
      return module.default;
    },
    (error: unknown) => {
      loading.delete(id);
      failed.set(id, error);
      throw error;
    },
  );
  loading.set(id, promise);
  void promise
    .finally(() => {
      pending--;
      notify();
    })
    .catch(() => undefined);
  return promise;
}

/**
 * A route's page. Loaded already (the prerendered page's own, loaded before hydration), it renders at once, so
 * the first render matches the HTML. Otherwise it suspends: every navigation is a transition, so the page before
 * it stays until this one is ready, and the app shell's first page appears when its module has arrived. There is
 * no Suspense boundary around pages: one would hydrate the page apart from the layout, after the layout's
 * effects had marked the app hydrated, and the page's first render would no longer match its HTML.
 */
export function Page({ id }: { id: string }) {
  if (failed.has(id)) throw failed.get(id);
  // The page's component, looked up rather than created here (as React.lazy does).
  return createElement(loaded.get(id) ?? use(loadPage(id)));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True while a page module is loading (a navigation to a page not visited yet). */
export const usePageLoading = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
