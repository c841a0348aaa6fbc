import { StrictMode, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { COURSES } from '@upskill/domain/catalogue';
import App from './app/App';
import { loadPage } from './app/pages';
import { pageModulesAt, PRERENDERED_PATHS } from './app/routes';
import { blogPostPath, coursePath } from './config/paths';
import { NEWSLETTER_RESULTS, newsletterResultPath } from './features/newsletter';
import { POSTS } from './features/blog';
import { type PageMeta } from './lib/headTags';
import { takeDocumentMeta } from './lib/useDocumentMeta';

export { escapeAttribute, fullTitle, headHtml, headTags, siteUrl } from './lib/headTags';

/** A path the build writes as static HTML, and the date its content last changed when it has its own. */
export interface PublicPage {
  path: string;
  lastmod?: string;
}

/** Every prerendered page: the routes marked in the route table, each course, each blog post, each newsletter result. */
export function publicPages(): PublicPage[] {
  return [
    ...PRERENDERED_PATHS.map((path) => ({ path })),
    ...COURSES.map((course) => ({ path: coursePath(course.slug) })),
    ...POSTS.map((post) => ({ path: blogPostPath(post.slug), lastmod: post.date })),
    ...NEWSLETTER_RESULTS.map((result) => ({ path: newsletterResultPath(result) })),
  ];
}

/**
 * Renders one route to HTML at build time (see scripts/prerender.mjs), with the page modules it shows
 * (e.g. `home/HomePage`), whose chunks the page's HTML preloads.
 */
export async function render(path: string): Promise<{ html: string; meta: PageMeta; modules: string[] }> {
  const location = new URL(path, 'https://upskill.local');
  const modules = pageModulesAt(location.pathname);
  if (modules.length === 0) throw new Error(`${path} shows no page; it cannot be prerendered`);
  await Promise.all(modules.map(loadPage));
  const app = (
    <StrictMode>
      <StaticRouter location={`${location.pathname}${location.search}`}>
        <App />
      </StaticRouter>
    </StrictMode>
  );
  return { html: await readAll(app), meta: takeDocumentMeta(), modules };
}

async function readAll(app: ReactElement): Promise<string> {
  // One piece of HTML in document order: React outlines a Suspense boundary larger than its chunk size into a
  // hidden div and an inline script that moves it, which a static page must not need (the prerender refuses
  // inline scripts).
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
