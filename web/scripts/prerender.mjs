// Writes static HTML for the public pages from the SSR build, so they paint before any script runs.
// `/` -> dist/index.html, `/about` -> dist/about.html (Hosting's cleanUrls serves it at /about),
// dist/404.html (Hosting answers unknown paths with it and a 404 status), dist/app.html: the empty shell
// of the pages that need the browser (enrollment form, payment, My Courses), and sitemap.xml + robots.txt.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { earlyInputScript } from '../../hosting/csp.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const server = join(web, 'dist-server');
const {
  render,
  publicPages,
  escapeAttribute: escape,
  fullTitle,
  headHtml,
  headTags,
  siteUrl,
} = await import(pathToFileURL(join(server, 'entry-server.js')).href);

// The public pages marked in the route table (src/app/routes.tsx), every course and every blog post;
// and the 404 page, rendered from a path no route claims.
const NOT_FOUND = '/404';
const PAGES = [...publicPages(), { path: NOT_FOUND }];

// The stylesheet is small: inlined, it no longer blocks the first paint behind another request.
const built = readFileSync(join(dist, 'index.html'), 'utf8');
const cssLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(built);
if (!cssLink) throw new Error('index.html links no stylesheet');
const css = readFileSync(join(dist, cssLink[1]), 'utf8');
const template = built.replace(cssLink[0], () => `<style>${css}</style>`);
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');

// Module preloads, from the build's manifest: what starting the app needs (the entry's imports and the two
// modules it imports on start: React DOM and app/start), and on a prerendered page the chunks of the page
// modules it shows. The browser fetches them all at once instead of discovering them one level at a time.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry?.isEntry) throw new Error('the manifest has no index.html entry');
const START = [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])];
function chunkClosure(keys, found = new Set()) {
  for (const key of keys) {
    if (found.has(key)) continue;
    if (!manifest[key]) throw new Error(`the manifest has no chunk ${key}`);
    found.add(key);
    chunkClosure(manifest[key].imports ?? [], found);
  }
  return found;
}
const startChunks = (modules) => [...chunkClosure([...START, ...modules.map((module) => `src/features/${module}.tsx`)])];
const ENTRY_IMPORTS = chunkClosure(entry.imports ?? []);
const preloadLinks = (keys, attributes) =>
  keys.map((key) => `<link rel="modulepreload" crossorigin${attributes} href="/${manifest[key].file}">`).join('\n    ');
const ENTRY_SCRIPT = /<script type="module" crossorigin[^>]* src="\/assets\/[^"]+\.js"><\/script>/;
if (!ENTRY_SCRIPT.test(template)) throw new Error('index.html has no entry script');
// The app shell shows nothing until its scripts run: it preloads everything from the HTML.
const withPreloads = (html, modules) => html.replace(ENTRY_SCRIPT, (tag) => `${tag}\n    ${preloadLinks(startChunks(modules), '')}`);
// A prerendered page preloads from its HTML only the entry's own small imports, and names the rest on the
// entry script (`data-modules`): the entry preloads those once the page has painted (src/lib/startModules.ts),
// so fetching and compiling React DOM does not slow the first layout down.
// It also names the page modules the HTML shows (`data-pages`), so hydration loads them without matching the URL
// against the whole route table first (a 50 ms task at 8x CPU; src/lib/startModules.ts).
const withStartModules = (html, modules) => {
  const later = startChunks(modules).filter((key) => !ENTRY_IMPORTS.has(key));
  const names = later.map((key) => `/${manifest[key].file}`).join(' ');
  return html.replace(
    ENTRY_SCRIPT,
    (tag) =>
      `${tag.replace('></script>', ` data-modules="${names}" data-pages="${modules.join(' ')}"></script>`)}\n    ${preloadLinks([...ENTRY_IMPORTS], ' fetchpriority="low"')}`,
  );
};
// The shell serves only pages that are private or need a session: none of them belongs in search results.
const noindex = headHtml(headTags({ title: '', description: '', noindex: true }, '/'));
writeFileSync(
  join(dist, 'app.html'),
  withPreloads(template, []).replace(/<meta name="description"[^>]*>/, (description) => `${description}${noindex}`),
);

// A prerendered page paints without its scripts, so they download at low priority: on a slow
// connection the page's HTML and CSS go first and hydration follows. The app shell keeps the default,
// since it shows nothing until its scripts run.
const prerenderTemplate = template.replace(ENTRY_SCRIPT, (tag) => tag.replace(' crossorigin ', ' crossorigin fetchpriority="low" '));
if (!prerenderTemplate.includes('fetchpriority="low"')) throw new Error('index.html has no module script to lower');
// The early-input guard, inline at the top of <body> (the CSP allows it by its hash): a prerendered page
// is clickable before its scripts arrive, and nothing clicked or submitted then may be lost.
const withGuard = prerenderTemplate.replace(/<body([^>]*)>/, (body) => `${body}<script>${earlyInputScript()}</script>`);
if (withGuard === prerenderTemplate) throw new Error('index.html has no <body> for the early-input guard');

const titles = new Map();
const indexed = [];
for (const { path, lastmod } of PAGES) {
  const { html, meta, modules } = await render(path);
  if (modules.length === 0) throw new Error(`${path}: no page module matched`);
  // The CSP allows no inline script: React must not need one to reveal any part of the page.
  if (/<script(?![^>]*\bsrc=)/.test(html)) throw new Error(`${path}: prerendered HTML contains an inline script`);
  const title = fullTitle(meta.title);
  if (titles.has(title)) throw new Error(`${path} has the same title as ${titles.get(title)}: ${title}`);
  titles.set(title, path);
  // The page's head right after its description, ahead of every script tag: crawlers and link previews
  // that run no script read it all.
  const page = withStartModules(withGuard, modules)
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"[^>]*>/,
      () => `<meta name="description" content="${escape(meta.description)}">${headHtml(headTags(meta, path))}`,
    )
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  if (!page.includes('<meta data-head ')) throw new Error(`${path}: the page's head tags were not written`);
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), page);
  if (!meta.noindex) indexed.push({ path, lastmod });
}
rmSync(server, { recursive: true, force: true });

// The sitemap lists every indexable prerendered page. A page without a date of its own changed, at the
// latest, with the last commit (the build date would claim every page changes on every deploy).
const committed =
  (() => {
    try {
      return execFileSync('git', ['log', '-1', '--format=%cs'], { cwd: web, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  })() || new Date().toISOString().slice(0, 10);
const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const urls = indexed
  .map(({ path, lastmod }) => `  <url><loc>${xml(siteUrl(path))}</loc><lastmod>${lastmod ?? committed}</lastmod></url>`)
  .join('\n');
writeFileSync(
  join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
// The private pages are not disallowed here: a crawler must fetch them to read their noindex (meta tag
// and the X-Robots-Tag header in firebase.json), or it may still list their bare URLs.
writeFileSync(
  join(dist, 'robots.txt'),
  ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl('/sitemap.xml')}`, ''].join('\n'),
);
console.log(`prerendered ${PAGES.length} pages; sitemap.xml lists ${indexed.length} URLs`);
