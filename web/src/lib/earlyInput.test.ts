import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_FALLBACK_MS, guardEarlyInput, markHydrated } from './earlyInput';

/**
 * The hand-over from the inline guard to the app, as an impatient visitor drives it: whatever is clicked or
 * submitted before hydration reaches the page's own handlers once, after hydration, and never twice.
 */
function page(html: string) {
  document.body.innerHTML = html;
  const submitted = vi.fn();
  const form = document.querySelector('form') as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted();
  });
  return { form, submitted };
}

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = '';
});

describe('guardEarlyInput', () => {
  it('holds a form submitted before hydration and submits it once through the page afterwards', () => {
    const { form, submitted } = page('<form><input name="q" value="python"></form>');
    guardEarlyInput();
    form.requestSubmit();
    form.requestSubmit();
    expect(submitted).not.toHaveBeenCalled();
    markHydrated();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('submits once when both the submit button was clicked and the form was submitted early', () => {
    const { form, submitted } = page('<form><input name="q"><button type="submit">Send</button></form>');
    guardEarlyInput();
    (form.querySelector('button') as HTMLButtonElement).click();
    form.requestSubmit();
    expect(submitted).not.toHaveBeenCalled();
    markHydrated();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("lets a text field's label through (it only focuses the field) but holds a checkbox's label", () => {
    document.body.innerHTML =
      '<label for="name">Name</label><input id="name"><label for="terms">Terms</label><input id="terms" type="checkbox">';
    guardEarlyInput();
    const [nameLabel, termsLabel] = document.querySelectorAll('label');
    const terms = document.getElementById('terms') as HTMLInputElement;
    expect(nameLabel.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
    termsLabel.click();
    expect(terms.checked).toBe(false);
    markHydrated();
    expect(terms.checked).toBe(true);
  });

  it('a held click whose element the first render replaced goes to its replacement, the namesake in the same place', () => {
    document.body.innerHTML = '<section><button>Preview</button><button>Preview</button><a href="/x">Enroll</a></section>';
    guardEarlyInput();
    (document.querySelectorAll('button')[1] as HTMLButtonElement).click();
    // Hydration renders the section again: new elements, same controls.
    document.body.innerHTML = '<section><button>Preview</button><button>Preview</button><a href="/x">Enroll</a></section>';
    const clicked: number[] = [];
    document.querySelectorAll('button').forEach((button, i) => button.addEventListener('click', () => clicked.push(i)));
    markHydrated();
    expect(clicked).toEqual([1]);
  });

  it('a held click on a control that is gone for good is dropped, not sent elsewhere', () => {
    document.body.innerHTML = '<button>Close</button>';
    guardEarlyInput();
    (document.querySelector('button') as HTMLButtonElement).click();
    document.body.innerHTML = '<button>Open</button>';
    const open = vi.fn();
    (document.querySelector('button') as HTMLButtonElement).addEventListener('click', open);
    markHydrated();
    expect(open).not.toHaveBeenCalled();
  });

  describe('a link held before the app started', () => {
    /** The inline guard as web/inline/early-input.js leaves it: a link clicked a minute after the page began. */
    function heldByInline() {
      document.body.innerHTML = '<a href="/course/plans/yearly/info">Enroll Now</a>';
      const link = document.querySelector('a') as HTMLAnchorElement;
      window.__upskillEarlyInput = { clicks: [link], submits: [], since: Date.now() - 60_000, stop: () => undefined };
      return link;
    }
    afterEach(() => {
      delete window.__upskillEarlyInput;
      vi.useRealTimers();
    });

    it('waits LINK_FALLBACK_MS from the app’s start, not from the page’s first byte, before the browser follows it', () => {
      vi.useFakeTimers();
      heldByInline();
      const follow = vi.fn();
      guardEarlyInput(follow);
      // The scripts took a minute to arrive: the app is starting, so the link is still held.
      vi.advanceTimersByTime(LINK_FALLBACK_MS - 1);
      expect(follow).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(follow).toHaveBeenCalledTimes(1);
      expect(follow).toHaveBeenCalledWith(expect.stringMatching(/\/course\/plans\/yearly\/info$/));
      // Its guard hands over and stops listening, as every test's does.
      markHydrated();
    });

    it('once the page hydrates in time, the click goes to the page, and the browser never follows it', () => {
      vi.useFakeTimers();
      const link = heldByInline();
      const clicked = vi.fn((event: Event) => event.preventDefault());
      link.addEventListener('click', clicked);
      const follow = vi.fn();
      guardEarlyInput(follow);
      vi.advanceTimersByTime(LINK_FALLBACK_MS / 2);
      markHydrated();
      expect(clicked).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(LINK_FALLBACK_MS);
      expect(follow).not.toHaveBeenCalled();
    });
  });
});
