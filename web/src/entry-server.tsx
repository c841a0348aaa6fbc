import { StrictMode, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { COURSES } from '@upskill/domain/courses';
import { routes, PRERENDERED_PATHS, isPageModule } from './app/routes';
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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://upskill.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>
  );
  const modules = context.matches.map((match) => match.route.id).filter(isPageModule);
  return { html: await readAll(app), meta: takeDocumentMeta(), modules };
}

async function readAll(app: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(app);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
