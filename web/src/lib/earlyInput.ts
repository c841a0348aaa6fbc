/**
 * A prerendered page is visible, and clickable, before React has hydrated it. A click in that window
 * used to be lost: a link followed natively was cancelled when the router started (it rewrites the
 * history entry), and a Link's router navigation during hydration could be dropped (/pricing's Enroll
 * Now, about one time in three).
 *
 * So no click goes to the browser or to React half-way. A tiny inline script (web/inline/early-input.js)
 * holds clicks from the first byte of the page; this guard takes them over when the app starts, keeps
 * holding until the page is hydrated, then replays them, so the router handles links as usual and
 * buttons act. A link opened in a new tab (a modifier key, middle button) goes at once; should hydration
 * never finish, a held link is followed by the browser after a few seconds.
 *
 * Forms work before hydration too. What is typed stays in the fields (React keeps it when it hydrates;
 * react-hook-form reads fields edited before it registered them; controlled fields adopt it through
 * useEarlyEdits). A submission (Enter in a form without a submit button) is held, never sent natively,
 * and submitted again through React once the page is ready.
 */
export const HYDRATED_EVENT = 'upskill:hydrated';

const CONTROL = 'a[href], button, [role="button"], summary, label, input[type="checkbox"], input[type="radio"]';
/**
 * How long a held link waits for hydration, once the app has started, before the browser is left to follow it.
 * Counted from the app's start, not from the page's first byte: on a slow network the scripts alone may take longer
 * than this to arrive, and a link followed natively just as hydration was about to finish was the very loss this
 * guard prevents (a full run caught it: /pricing's Enroll Now, held 8 s while the entry script was held back).
 */
export const LINK_FALLBACK_MS = 8000;

interface InlineGuard {
  clicks: HTMLElement[];
  submits: HTMLFormElement[];
  since: number;
  /** When the visitor first touched, pressed a key, wheeled or scrolled (Date.now()), if they have. */
  inputAt?: number;
  stop: () => void;
}

declare global {
  interface Window {
    __upskillEarlyInput?: InlineGuard;
  }
}

/** A checkbox or radio button: clicking it (or its label) changes it, unlike focusing a text field. */
export const isToggle = (field: Element | null): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

const hydrated = () => document.documentElement.dataset.hydrated !== undefined;

/**
 * A held control and how to find it again: should the first render replace its element (a section
 * rendered differently in the browser), the click goes to its replacement, the control of the same kind,
 * name and target in the same place among its namesakes, instead of being dropped with the old element.
 */
interface Held {
  control: HTMLElement;
  key: string;
  index: number;
}

const keyOf = (control: Element) =>
  [control.tagName, control.getAttribute('href') ?? '', control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''].join('|');
const namesakes = (key: string) => [...document.querySelectorAll<HTMLElement>(CONTROL)].filter((el) => keyOf(el) === key);

function hold(control: HTMLElement): Held {
  const key = keyOf(control);
  return { control, key, index: namesakes(key).indexOf(control) };
}

/** The element to click now: the held one, or its replacement. */
const current = ({ control, key, index }: Held): HTMLElement | undefined => (control.isConnected ? control : namesakes(key)[index]);

/** The browser's own navigation, for a held link whose page never hydrated (a parameter for the unit test). */
const navigate = (href: string) => window.location.assign(href);

export function guardEarlyInput(follow: (href: string) => void = navigate): void {
  const followIfNeverHydrated = (control: HTMLElement) => {
    if (!(control instanceof HTMLAnchorElement)) return;
    window.setTimeout(() => {
      if (!hydrated()) follow(control.href);
    }, LINK_FALLBACK_MS);
  };
  const inline = window.__upskillEarlyInput;
  inline?.stop();
  const clicks: Held[] = (inline?.clicks ?? []).map(hold);
  const submits: HTMLFormElement[] = [...(inline?.submits ?? [])];
  // The clicks held before the app started: their wait starts now, however long the scripts took to arrive.
  for (const { control } of clicks) followIfNeverHydrated(control);

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const link = target.closest<HTMLAnchorElement>('a[href]');
    const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link?.target === '_blank';
    if (link && newTab) return; // The browser opens it elsewhere; this page is unaffected.
    const control = target.closest<HTMLElement>(CONTROL);
    if (control instanceof HTMLLabelElement && !isToggle(control.control)) return; // It only focuses a text field.
    event.stopPropagation();
    if (!control) return;
    event.preventDefault();
    clicks.push(hold(control));
    followIfNeverHydrated(control);
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof HTMLFormElement && !submits.includes(event.target)) submits.push(event.target);
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  window.addEventListener(
    HYDRATED_EVENT,
    () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('submit', onSubmit, true);
      const replayed = clicks.map(current);
      for (const control of replayed) control?.click();
      // A form whose submit button was among the clicks has just been submitted by that click.
      for (const form of submits) {
        const submittedByClick = replayed.some(
          (control) => control instanceof HTMLButtonElement && control.type === 'submit' && control.form === form,
        );
        if (form.isConnected && !submittedByClick) form.requestSubmit();
      }
    },
    { once: true },
  );
}

/** Called once the first render is committed and the router listens: held clicks may now go to React. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = 'true';
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}
