import { useEffect } from 'react';

const SITE = 'Upskill';

/** Sets the page's title and meta description for each route. */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title === SITE ? `${SITE}: live online courses in tech and professional skills` : `${title} | ${SITE}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
