// Generates the local illustrated portraits and fictional company wordmarks in web/public/images.
// Run once (`node web/scripts/make-images.mjs`); the output is committed so builds need no network.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');
const people = [
  ['ananya-rao', '#c7d2fe', '#8d5524', '#1f2937', 'long'],
  ['daniel-brooks', '#bbf7d0', '#f1c27d', '#78350f', 'short'],
  ['priya-menon', '#fde68a', '#c68642', '#111827', 'bun'],
  ['marcus-lee', '#bae6fd', '#e0ac69', '#0f172a', 'short'],
  ['kavya-iyer', '#fbcfe8', '#a0522d', '#1c1917', 'long'],
  ['rahul-verma', '#ddd6fe', '#c68642', '#111827', 'short'],
  ['sofia-martinez', '#fecaca', '#e0ac69', '#7c2d12', 'long'],
  ['arjun-nair', '#a7f3d0', '#8d5524', '#0f172a', 'short'],
  ['emily-carter', '#e9d5ff', '#ffdbac', '#b45309', 'bun'],
  ['vikram-singh', '#fed7aa', '#a0522d', '#1f2937', 'short'],
  ['meera-kulkarni', '#cffafe', '#c68642', '#111827', 'long'],
  ['james-okafor', '#d9f99d', '#5c3a21', '#0f172a', 'short'],
];
const hair = {
  long: (c) => `<path d="M34 58c0-22 14-34 26-34s26 12 26 34v34H34z" fill="${c}"/>`,
  short: (c) => `<path d="M38 52c0-16 10-26 22-26s22 10 22 26c-6-8-14-10-22-10s-16 2-22 10z" fill="${c}"/>`,
  bun: (c) =>
    `<circle cx="60" cy="24" r="10" fill="${c}"/><path d="M38 54c0-16 10-26 22-26s22 10 22 26c-6-8-14-10-22-10s-16 2-22 10z" fill="${c}"/>`,
};
mkdirSync(join(out, 'instructors'), { recursive: true });
for (const [slug, bg, skin, hairColour, style] of people) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><rect width="120" height="120" fill="${bg}"/>${style === 'long' ? hair.long(hairColour) : ''}<path d="M24 120c2-22 16-34 36-34s34 12 36 34z" fill="#4338ca"/><rect x="52" y="74" width="16" height="16" rx="6" fill="${skin}"/><circle cx="60" cy="56" r="22" fill="${skin}"/>${style === 'long' ? '' : hair[style](hairColour)}<circle cx="52" cy="57" r="2.2" fill="#1f2937"/><circle cx="68" cy="57" r="2.2" fill="#1f2937"/><path d="M53 66c4 4 10 4 14 0" stroke="#1f2937" stroke-width="2" fill="none" stroke-linecap="round"/></svg>\n`;
  writeFileSync(join(out, 'instructors', `${slug}.svg`), svg);
}
const companies = {
  northwind: 'Northwind',
  globex: 'Globex',
  initech: 'Initech',
  umbrella: 'Umbrella',
  hooli: 'Hooli',
  vandelay: 'Vandelay',
  stark: 'Starkline',
  wayne: 'Waynecorp',
  acme: 'Acme',
  soylent: 'Soylent',
  tyrell: 'Tyrell',
};
mkdirSync(join(out, 'logos'), { recursive: true });
Object.entries(companies).forEach(([slug, name], i) => {
  const mark =
    i % 3 === 0
      ? '<circle cx="16" cy="20" r="10" fill="#475569"/>'
      : i % 3 === 1
        ? '<rect x="6" y="10" width="20" height="20" rx="4" fill="#475569"/>'
        : '<path d="M6 30L16 10l10 20z" fill="#475569"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 140 40" width="140" height="40">${mark}<text x="34" y="27" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#475569">${name}</text></svg>\n`;
  writeFileSync(join(out, 'logos', `${slug}.svg`), svg);
});
