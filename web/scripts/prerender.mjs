// Writes static HTML for the public pages from the SSR build, so they paint before any script runs.
// `/` -> dist/index.html, `/about` -> dist/about.html (Hosting's cleanUrls serves it at /about), and
// dist/app.html: the empty shell every other path falls back to.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { earlyInputScript } from '../../hosting/csp.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const server = join(web, 'dist-server');
const { render, PRERENDERED_PATHS, POSTS } = await import(pathToFileURL(join(server, 'entry-server.js')).href);

// The public pages marked in the route table (src/app/routes.tsx), and every blog post.
const PAGES = [...PRERENDERED_PATHS, ...POSTS.map((post) => `/blog/${post.slug}`)];

// The stylesheet is small: inlined, it no longer blocks the first paint behind another request.
const built = readFileSync(join(dist, 'index.html'), 'utf8');
const cssLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(built);
if (!cssLink) throw new Error('index.html links no stylesheet');
const css = readFileSync(join(dist, cssLink[1]), 'utf8');
const template = built.replace(cssLink[0], () => `<style>${css}</style>`);
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
writeFileSync(join(dist, 'app.html'), template);

const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
// A prerendered page paints without its scripts, so they download at low priority: on a slow
// connection the page's HTML and CSS go first and hydration follows. The app shell keeps the default,
// since it shows nothing until its scripts run.
const prerenderTemplate = template.replace(
  /<(script type="module"|link rel="modulepreload") crossorigin /g,
  '<$1 crossorigin fetchpriority="low" ',
);
if (!prerenderTemplate.includes('fetchpriority="low"')) throw new Error('index.html has no module script to lower');
// The early-input guard, inline at the top of <body> (the CSP allows it by its hash): a prerendered page
// is clickable before its scripts arrive, and nothing clicked or submitted then may be lost.
const withGuard = prerenderTemplate.replace(/<body([^>]*)>/, (body) => `${body}<script>${earlyInputScript()}</script>`);
if (withGuard === prerenderTemplate) throw new Error('index.html has no <body> for the early-input guard');

for (const path of PAGES) {
  const { html, title, description } = await render(path);
  // The CSP allows no inline script: React must not need one to reveal any part of the page.
  if (/<script(?![^>]*\bsrc=)/.test(html)) throw new Error(`${path}: prerendered HTML contains an inline script`);
  const page = withGuard
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escape(description)}"`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), page);
}
rmSync(server, { recursive: true, force: true });
console.log(`prerendered ${PAGES.length} pages`);
