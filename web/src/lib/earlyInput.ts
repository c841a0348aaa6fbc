/**
 * A prerendered page is visible, and clickable, before React has hydrated it. A click in that window
 * can reach React half-way: a Link's router navigation then happens before the router's subscription
 * exists and is dropped (seen on /pricing's Enroll Now about one time in three). Until the page is
 * hydrated this guard keeps such clicks away from React: a link navigates the way a browser does
 * without scripts (a full page load of the prerendered target), and a click on a button or other
 * control waits and is replayed once the page is interactive.
 */
export const HYDRATED_EVENT = 'upskill:hydrated';

const CONTROL = 'button, [role="button"], summary, label, input[type="checkbox"], input[type="radio"]';

export function guardEarlyInput(): void {
  const pending: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    event.stopPropagation();
    if (target.closest('a[href]')) return; // The browser follows the link itself.
    const control = target.closest<HTMLElement>(CONTROL);
    if (!control) return;
    event.preventDefault();
    pending.push(control);
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener(
    HYDRATED_EVENT,
    () => {
      window.removeEventListener('click', onClick, true);
      for (const control of pending) if (control.isConnected) control.click();
    },
    { once: true },
  );
}

/** Called once the first render is committed and the router listens: early clicks may now go to React. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = 'true';
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}
