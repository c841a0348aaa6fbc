// Generates the share images (Open Graph / Twitter cards, 1200 x 630 JPEG) in web/public/images/share:
// one per catalogue category, one for the site, and the 512 x 512 PNG logo that structured data names.
// Crawlers do not render SVG share images, so these are raster files, drawn here by Chromium once and
// committed (`node web/scripts/make-share-images.mjs`); builds need neither
// the browser nor the network.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from '../../tools/chromium.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(web, 'public', 'images', 'share');
mkdirSync(out, { recursive: true });

// The categories and the slug rule the course pages name their images by, from the domain package (its
// sources are TypeScript, so rolldown, which the functions' build uses too, bundles the two modules first).
const { build } = await import('rolldown');
const bundled = await build({
  input: 'share-image-facts',
  plugins: [
    {
      name: 'share-image-facts',
      resolveId: (id) => (id === 'share-image-facts' ? id : undefined),
      load: (id) =>
        id === 'share-image-facts'
          ? "export { CATEGORIES } from '@upskill/domain/common'; export { slugify } from '@upskill/domain/catalogue';"
          : undefined,
    },
  ],
  cwd: web,
  write: false,
  output: { format: 'esm' },
});
const { CATEGORIES: categories, slugify } = await import(`data:text/javascript,${encodeURIComponent(bundled.output[0].code)}`);

const logo = readFileSync(join(web, 'public', 'favicon.svg'), 'utf8');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const card = (title, line) => `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;display:flex;flex-direction:column;justify-content:space-between;
  font-family:'DejaVu Sans',Arial,sans-serif;color:#fff;background:linear-gradient(135deg,#312e81 0%,#4338ca 55%,#6366f1 100%)">
  <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:700">
    <div style="width:88px;height:88px">${logo.replace('<svg ', '<svg width="88" height="88" ')}</div>Upskill
  </div>
  <div>
    <div style="font-size:84px;font-weight:800;line-height:1.05;letter-spacing:-1px">${escape(title)}</div>
    <div style="font-size:36px;margin-top:24px;color:#e0e7ff">${escape(line)}</div>
  </div>
  <div style="font-size:30px;color:#c7d2fe">Live, mentor-led online courses · India and USA</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
const shots = [
  ...categories.map((category) => [slugify(category), card(category, `${category} courses`)]),
  ['upskill', card('Upskill. Empower. Succeed.', '34 courses in tech and professional skills')],
];
for (const [name, html] of shots) {
  await page.setContent(html);
  await page.screenshot({ path: join(out, `${name}.jpg`), type: 'jpeg', quality: 82 });
}
await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(`<body style="margin:0">${logo.replace('<svg ', '<svg width="512" height="512" ')}</body>`);
await page.screenshot({ path: join(out, 'logo.png'), omitBackground: true });
await browser.close();
console.log(`wrote ${shots.length} share images and logo.png to ${out}`);
