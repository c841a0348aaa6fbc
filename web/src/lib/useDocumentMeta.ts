import { useEffect } from 'react';
import { fullTitle, headTags, type PageMeta } from './headTags';

export { fullTitle };

// While prerendering there is no document: the page's meta is kept here for the HTML file instead.
let serverMeta: PageMeta = { title: 'Upskill', description: '' };

function rememberForPrerender(meta: PageMeta): void {
  serverMeta = meta;
}

export function takeDocumentMeta(): PageMeta {
  const meta = serverMeta;
  serverMeta = { title: 'Upskill', description: '' };
  return meta;
}

/**
 * Sets the page's title, meta description and the rest of its head (canonical URL, share tags,
 * structured data, robots) for each route. `extra` should be stable between renders (module constants
 * or memoised), since the head is rewritten when it changes.
 */
export function useDocumentMeta(title: string, description: string, extra: Omit<PageMeta, 'title' | 'description'> = {}): void {
  if (typeof document === 'undefined') rememberForPrerender({ title, description, ...extra });
  const { image, structuredData, noindex } = extra;
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
    for (const old of document.head.querySelectorAll('[data-head]')) old.remove();
    for (const { tag, attrs, text } of headTags({ title, description, image, structuredData, noindex }, window.location.pathname)) {
      const element = document.createElement(tag);
      element.setAttribute('data-head', '');
      for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
      if (text !== undefined) element.textContent = text;
      document.head.append(element);
    }
  }, [title, description, image, structuredData, noindex]);
}
