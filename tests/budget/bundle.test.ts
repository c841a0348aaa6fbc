import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = new URL('../../web/dist/', import.meta.url).pathname;
const JS_BUDGET = 110 * 1024;
const CSS_BUDGET = 20 * 1024;

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The entry chunk and everything it imports statically: what the browser must fetch to paint `/`. */
function firstPaintChunks(): Chunk[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entryKey);
  return [...seen].map((key) => manifest[key]);
}

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first-paint budget for /', () => {
  const chunks = firstPaintChunks();
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');

  it(`JavaScript for the first paint is at most ${kb(JS_BUDGET)} gzipped`, () => {
    const sizes = chunks.map((c) => [c.file, gz(c.file)] as const);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    console.log(`first-paint JS: ${sizes.map(([f, s]) => `${f} ${kb(s)}`).join(', ')} = ${kb(total)} gzipped`);
    expect(html).toContain(chunks[0].file);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });

  it(`CSS for / is at most ${kb(CSS_BUDGET)} gzipped`, () => {
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    const total = css.reduce((sum, file) => sum + gz(file), 0);
    console.log(`first-paint CSS: ${css.join(', ')} = ${kb(total)} gzipped`);
    expect(css.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it('leaves the catalogue, forms, yup, keen-slider and the Firebase SDKs out of the first paint', () => {
    const code = chunks.map((c) => readFileSync(join(DIST, c.file), 'utf8')).join('\n');
    const markers: [string, string][] = [
      ['catalogue data', 'Deep Learning and Generative AI'],
      ['yup', 'ValidationError'],
      ['react-hook-form', 'shouldFocusError'],
      ['keen-slider', 'keen-slider'],
      ['Firebase Auth', 'identitytoolkit'],
      ['Firebase app', 'firebase.googleapis.com'],
    ];
    const present = markers.filter(([, marker]) => code.includes(marker)).map(([name]) => name);
    expect(present).toEqual([]);
    for (const chunk of chunks) expect(chunk.src ?? chunk.name ?? '').not.toMatch(/firebase|yup|keen-slider|courses|react-hook-form/);
  });
});

describe('only the Firebase SDKs the site uses are built', () => {
  it('only the staff console chunk carries Firestore (and what reactfire brings: Database, Storage, Functions, Remote Config)', () => {
    const markers: [string, string][] = [
      ['Firestore', 'firestore.googleapis.com'],
      ['Realtime Database', 'firebaseio.com'],
      ['Storage', 'firebasestorage.googleapis.com'],
      ['Functions', 'cloudfunctions.net'],
      ['Remote Config', 'firebaseremoteconfig.googleapis.com'],
    ];
    // The console is the one lazy route that reads Firestore; no other page imports its chunk.
    const staff = Object.entries(manifest).find(([src]) => src.endsWith('features/staff/StaffConsole.tsx'))?.[1];
    expect(staff?.isDynamicEntry).toBe(true);
    const importers = Object.values(manifest).filter(
      (c) => c.imports?.includes(staff?.file ?? '') || c.imports?.some((i) => manifest[i]?.file === staff?.file),
    );
    expect(importers).toEqual([]);
    const others = Object.values(manifest).filter((c) => c.file !== staff?.file);
    const chunks = others.map((c) => readFileSync(join(DIST, c.file), 'utf8'));
    const found = markers.filter(([, marker]) => chunks.some((code) => code.includes(marker))).map(([name]) => name);
    expect(found).toEqual([]);
    expect(readFileSync(join(DIST, staff?.file ?? ''), 'utf8')).toContain('firestore.googleapis.com');
    // Auth is there, for the pages that need it.
    expect(chunks.some((code) => code.includes('identitytoolkit'))).toBe(true);
  });
});
