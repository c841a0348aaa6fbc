/**
 * A prerendered page paints before any of its scripts run. Fetching and compiling React DOM and the page's
 * chunks while the browser lays the page out for the first time slows that first layout down (it ran
 * twice as long with the preloads in the HTML, on a 2-core machine), so the HTML names these chunks on the
 * entry script (`data-modules`, written by scripts/prerender.mjs) and the entry preloads them all at once,
 * right after the first paint: still no import waterfall, and nothing competing with the first frame.
 */
import { nextTask } from './nextTask';

export const MODULES_ATTRIBUTE = 'data-modules';
export const PAGES_ATTRIBUTE = 'data-pages';

/**
 * The page modules a prerendered page shows, as its HTML names them on the entry script (scripts/prerender.mjs), or
 * undefined where it names none (the app shell). Hydration loads them before its first render; reading them here
 * spares a slow phone matching the URL against the whole route table, a 50 ms task at 8x CPU (issue 60).
 */
export function prerenderedPageModules(doc: Document = document): string[] | undefined {
  const named = doc.querySelector(`script[${PAGES_ATTRIBUTE}]`)?.getAttribute(PAGES_ATTRIBUTE);
  return named ? named.split(' ').filter(Boolean) : undefined;
}

/**
 * Resolves once the page's first contentful paint has been reported, or after `limit` ms: a tab opened in
 * the background paints nothing until it is shown, and Chromium does not always report the paint (a CI run
 * once waited out a 10 s limit here, and the page hydrated 10 s late). The browser reports first-contentful-paint after the
 * frame reached the screen, so what follows it cannot compete with that frame, however slow the machine:
 * a frame callback plus a task (the fallback where paint timing is missing) only guesses, and under load
 * it ran before the paint, and so did every start-up chunk.
 */
export function afterFirstPaint(limit = 2_000): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const timer = setTimeout(finish, limit);
    function finish() {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    }
    const painted = () => setTimeout(finish, 0);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) painted();
      });
      // buffered: a paint that happened before this script ran is delivered too.
      observer.observe({ type: 'paint', buffered: true });
      return;
    }
    requestAnimationFrame(() => {
      clearTimeout(timer);
      // A task queued from a frame callback runs once that frame has been painted.
      painted();
    });
  });
}

/**
 * How many preloads to add per task: adding a link starts a request, about 0.3 ms each on a fast machine, and traces
 * at 8x CPU put 44 ms on a task of eight and up to 31 ms on a task of four (issue 60). On the course page each append
 * took 0.1 to 7.1 ms at 1x (timed in Chromium, 4 loads), and a task of two reached 13 ms, which Lighthouse's 8x
 * simulation makes a 104 ms task: one a task keeps each under 50 ms there.
 */
const PER_TASK = 1;

/**
 * Adds a module preload for every chunk the HTML names, at low priority (the page's images go first), PER_TASK
 * per task so that no task runs long on a slow phone. Resolves with how many it added.
 */
export async function preloadStartModules(doc: Document = document): Promise<number> {
  const names = doc.querySelector(`script[${MODULES_ATTRIBUTE}]`)?.getAttribute(MODULES_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [];
  for (let index = 0; index < names.length; index++) {
    if (index > 0 && index % PER_TASK === 0) await nextTask();
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.setAttribute('crossorigin', '');
    link.setAttribute('fetchpriority', 'low');
    link.href = names[index];
    doc.head.append(link);
  }
  return names.length;
}
