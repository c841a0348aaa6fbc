import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { markAppHydrated } from '../lib/useHydrated';
import { StaticHtml, StaticPart } from './StaticHtml';

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

/** A live card with a static part: the part's content depends only on the card's props. */
let partRenders = 0;
function Rating({ value }: { value: number }) {
  partRenders++;
  return <>Rated {value}</>;
}
function Card({ value, onPick }: { value: number; onPick: () => void }) {
  return (
    <article>
      <StaticPart as="span" className="stars" role="img">
        <Rating value={value} />
      </StaticPart>
      <button type="button" onClick={onPick}>
        Pick
      </button>
    </article>
  );
}
const CARD_HTML = '<article><span class="stars" role="img">Rated <!-- -->4.5</span><button type="button">Pick</button></article>';

// In order: the app is marked hydrated once for the module, by the last test.
describe('StaticPart', () => {
  it('hydrating, adopts its HTML without rendering its children, while the component around it stays live', async () => {
    mount(CARD_HTML);
    partRenders = 0;
    const stars = container.querySelector('.stars');
    let picked = 0;
    await act(async () => {
      hydrateRoot(container, <Card value={4.5} onPick={() => picked++} />);
    });
    expect(partRenders).toBe(0);
    expect(container.querySelector('.stars')).toBe(stars);
    expect(stars?.getAttribute('role')).toBe('img');
    expect(stars?.textContent).toBe('Rated 4.5');
    await act(async () => {
      container.querySelector('button')?.click();
    });
    expect(picked).toBe(1);
    expect(stars?.textContent).toBe('Rated 4.5');
  });

  it('renders its children when the HTML is not there', async () => {
    mount('<article><span class="stars" role="img"></span><button type="button">Pick</button></article>');
    partRenders = 0;
    await act(async () => {
      hydrateRoot(container, <Card value={4.5} onPick={() => undefined} />);
    });
    expect(partRenders).toBeGreaterThan(0);
    expect(container.querySelector('.stars')?.textContent).toBe('Rated 4.5');
  });
});

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

describe('StaticPart, after hydration', () => {
  it('renders its children as any component does (a card added to a list later)', async () => {
    mount('');
    partRenders = 0;
    await act(async () => {
      createRoot(container).render(<Card value={3.9} onPick={() => undefined} />);
    });
    expect(partRenders).toBe(1);
    expect(container.querySelector('.stars')?.textContent).toBe('Rated 3.9');
  });
});
