import { useEffect } from 'react';

const SITE = 'Upskill';

export function fullTitle(title: string): string {
  return title === SITE ? `${SITE}: live online courses in tech and professional skills` : `${title} | ${SITE}`;
}

// While prerendering there is no document: the page's meta is kept here for the HTML file instead.
let serverMeta = { title: fullTitle(SITE), description: '' };

function rememberForPrerender(title: string, description: string): void {
  serverMeta = { title: fullTitle(title), description };
}

export function takeDocumentMeta() {
  const meta = serverMeta;
  serverMeta = { title: fullTitle(SITE), description: '' };
  return meta;
}

/** Sets the page's title and meta description for each route. */
export function useDocumentMeta(title: string, description: string): void {
  if (typeof document === 'undefined') rememberForPrerender(title, description);
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
