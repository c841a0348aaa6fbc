import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { markAppHydrated } from '../lib/useHydrated';
import { StaticHtml } from './StaticHtml';

// React's act() needs this outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let renders = 0;
function Probe() {
  renders++;
  return <p>Static text</p>;
}
function Where() {
  const location = useLocation();
  return <output>{location.pathname}</output>;
}
const page = (
  <MemoryRouter initialEntries={['/']}>
    <StaticHtml as="section" className="hero">
      <Probe />
      <a href="/next">Next</a>
    </StaticHtml>
    <Where />
  </MemoryRouter>
);
/** The prerendered HTML of `page`: the section's content as the server rendered it. */
const PRERENDERED = '<section class="hero"><p>Static text</p><a href="/next">Next</a></section><output>/</output>';

let container: HTMLElement;
afterEach(() => container.remove());
const mount = (html: string) => {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  renders = 0;
};

// In order: the app is marked hydrated once for the module, by the last test.
describe('StaticHtml', () => {
  it('hydrating, adopts the HTML without rendering its children, and its links navigate in the app', async () => {
    mount(PRERENDERED);
    const section = container.querySelector('section');
    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(renders).toBe(0);
    // The very elements the server sent, untouched.
    expect(container.querySelector('section')).toBe(section);
    expect(section?.innerHTML).toBe('<p>Static text</p><a href="/next">Next</a>');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      container.querySelector('a')?.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(container.querySelector('output')?.textContent).toBe('/next');
    // Rendered again by the navigation, it still holds what the server sent.
    expect(section?.innerHTML).toBe('<p>Static text</p><a href="/next">Next</a>');
    // A click with a modifier (a new tab) is the browser's.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    container.querySelector('a')?.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await act(async () => {
      container.querySelector('a')?.dispatchEvent(newTab);
    });
    expect(container.querySelector('output')?.textContent).toBe('/next');
  });

  it('renders its children when the HTML is not there (React rendered the page afresh)', async () => {
    mount('<section class="hero"></section><output>/</output>');
    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('section')?.textContent).toBe('Static textNext');
  });

  it('after hydration (a client navigation), renders its children as any component does', async () => {
    markAppHydrated();
    mount('');
    await act(async () => {
      createRoot(container).render(page);
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('section')?.innerHTML).toBe('<p>Static text</p><a href="/next">Next</a>');
  });
});
