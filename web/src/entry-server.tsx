import { StrictMode, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { routes } from './app/routes';
export { PRERENDERED_PATHS } from './app/routes';
import { takeDocumentMeta } from './lib/useDocumentMeta';

/** Renders one public route to HTML at build time (see scripts/prerender.mjs). */
export async function render(path: string): Promise<{ html: string; title: string; description: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://upskill.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>
  );
  return { html: await readAll(app), ...takeDocumentMeta() };
}

async function readAll(app: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(app);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
export { POSTS } from './features/blog/posts';
