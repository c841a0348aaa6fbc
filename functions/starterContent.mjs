// The starter lessons (content/starter/<programme>/NN-slug.md) and the size of each lesson image
// (web/public/starter/<programme>/<name>.svg) as one module, `virtual:starter-content`, built into the functions
// by rolldown (and by vitest for the unit tests). The functions parse, check and render them
// (src/starter/content.ts); docs/decisions/0026 says why the lessons are files and not documents.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ID = 'virtual:starter-content';
const RESOLVED = '\0starter-content';
const root = resolve(import.meta.dirname, '..');
const lessonsDir = join(root, 'content', 'starter');
const imagesDir = join(root, 'web', 'public', 'starter');

const dirs = (path) =>
  existsSync(path)
    ? readdirSync(path, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];

/** An SVG's size from its width and height attributes (every lesson image declares them, so the page reserves its box). */
function svgSize(text) {
  const width = /<svg[^>]*\swidth="([0-9]+)"/.exec(text)?.[1];
  const height = /<svg[^>]*\sheight="([0-9]+)"/.exec(text)?.[1];
  return width && height ? [Number(width), Number(height)] : null;
}

export function readStarterContent() {
  const files = dirs(lessonsDir).flatMap((programme) =>
    readdirSync(join(lessonsDir, programme))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => ({ programme, name, text: readFileSync(join(lessonsDir, programme, name), 'utf8') })),
  );
  const images = {};
  for (const programme of dirs(imagesDir)) {
    for (const name of readdirSync(join(imagesDir, programme)).filter((n) => n.endsWith('.svg'))) {
      images[`/starter/${programme}/${name}`] = svgSize(readFileSync(join(imagesDir, programme, name), 'utf8'));
    }
  }
  return { files, images };
}

export function starterContent() {
  return {
    name: 'starter-content',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const content = readStarterContent();
      for (const file of content.files) this.addWatchFile?.(join(lessonsDir, file.programme, file.name));
      return `export default ${JSON.stringify(content)};`;
    },
  };
}
