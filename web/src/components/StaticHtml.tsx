import { useEffect, useLayoutEffect, useRef, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAppHydrated } from '../lib/useHydrated';

/**
 * Hydration keeps an element's HTML when it has `dangerouslySetInnerHTML`, and later renders write innerHTML only
 * when `__html` differs from the last render's: '' stays '', so the adopted HTML is never written over.
 */
const ADOPT = { __html: '' };

type Tag = 'div' | 'section' | 'footer' | 'aside' | 'nav';

/**
 * Whether an element keeps the prerendered HTML it was hydrated with: while the page hydrates, yes; from then on
 * (a client navigation, a part added later), no. Should the HTML not be there (React gave up hydrating and
 * rendered afresh), it switches to rendering its children before the browser paints.
 */
function useAdoption() {
  const [adopted, setAdopted] = useState(() => typeof window !== 'undefined' && !isAppHydrated());
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (adopted && !ref.current?.hasChildNodes()) setAdopted(false);
  }, [adopted]);
  return { adopted, ref };
}

/**
 * A section with nothing to hydrate: text, images, CSS-only effects and plain links. On a prerendered page React
 * adopts its HTML as it is, without running its components or building their fibers (a hydration pass costs in
 * proportion to what it walks, and on a slow phone that is most of the page's script time). After a client
 * navigation, or where the page was rendered in the browser, it renders its children as usual.
 *
 * What adopted HTML still does:
 * - its links navigate inside the app, through one delegated click handler that follows React Router's Link
 *   (a new tab, a modifier key, another origin or a download go to the browser);
 * - anything else it needs from script is passed as `whenAdopted`: a section with `Reveal` blocks passes
 *   `revealWithin` (lib/reveal.ts), so they still fade in. (Passed by the caller, so the footer, on every page,
 *   does not bring the animation library with it.)
 *
 * Nothing inside may need React: no state, effects or event handlers of its own. Should the HTML not be there
 * (React gave up hydrating and rendered the page afresh), it renders its children instead of staying empty.
 */
export function StaticHtml({
  as = 'div',
  whenAdopted,
  children,
  ...attributes
}: {
  as?: Tag;
  /** What the adopted HTML needs from script (e.g. lib/reveal.ts's revealWithin); returns its cleanup. */
  whenAdopted?: (root: HTMLElement) => () => void;
  children: ReactNode;
} & HTMLAttributes<HTMLElement>) {
  const { adopted, ref } = useAdoption();
  const navigate = useNavigate();

  useEffect(() => (adopted && ref.current && whenAdopted ? whenAdopted(ref.current) : undefined), [adopted, ref, whenAdopted]);

  // Typed as a div for JSX: the element only needs what every HTMLElement has.
  const Tag = as as 'div';
  if (!adopted)
    return (
      <Tag {...attributes} ref={ref}>
        {children}
      </Tag>
    );

  const followInApp = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${url.pathname}${url.search}${url.hash}`;
    // As Link does: a link to the page already shown replaces its history entry.
    navigate(to, { replace: to === `${window.location.pathname}${window.location.search}${window.location.hash}` });
  };
  return <Tag {...attributes} ref={ref} onClick={followInApp} dangerouslySetInnerHTML={ADOPT} suppressHydrationWarning />;
}

type PartTag = 'div' | 'ul' | 'span';

/**
 * A small static piece inside a component that is otherwise live (a course card's icon row, its facts, its
 * rating): adopted from the prerendered page as StaticHtml adopts a section, and for the same reason. A piece
 * holds no links, so it needs none of StaticHtml's navigation. It renders its children wherever it is not
 * hydrating (a client navigation, a card added after hydration), and if the server's HTML is not there.
 *
 * What is inside must depend only on the props of the component around it, which must be keyed by them (a card
 * by its course): adopted HTML is never rendered again.
 */
export function StaticPart({ as = 'div', children, ...attributes }: { as?: PartTag; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const { adopted, ref } = useAdoption();
  const Tag = as as 'div';
  return adopted ? (
    <Tag {...attributes} ref={ref} dangerouslySetInnerHTML={ADOPT} suppressHydrationWarning />
  ) : (
    <Tag {...attributes} ref={ref}>
      {children}
    </Tag>
  );
}
