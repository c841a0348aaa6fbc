import { startTransition, useEffect, useState } from 'react';

/** True once the page has been hydrated (or rendered in the browser from the start, the app shell). */
let appHydrated = false;

/**
 * Called once the first render is committed in the browser (the layout's first effect; effects run
 * children first, so the page's own effects still see the hydration pass): components mounted from then
 * on start hydrated.
 */
export function markAppHydrated(): void {
  appHydrated = true;
}

/** Whether the hydration pass is over (false while the prerendered page's own effects run). */
export const isAppHydrated = () => appHydrated;

/**
 * False while rendering on the server and during hydration, true afterwards. Parts that depend on the
 * browser (the URL's query, the signed-in state) render only then, so prerendered HTML always matches.
 *
 * The switch is a transition, not useSyncExternalStore's forced synchronous re-render: what renders
 * after hydration is done in slices, never one long task on a slow phone.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
