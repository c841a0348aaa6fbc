import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import cycles from '../../eslint/no-import-cycles.mjs';

// The local cycle rule, probed with deliberate loops: static, through a lazy import(), and none.
const dir = mkdtempSync(join(tmpdir(), 'upskill-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cyclesIn(files: Record<string, string>): Promise<string[]> {
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { local: cycles },
      rules: { 'local/no-import-cycles': 'error' },
    },
  });
  const results = await eslint.lintFiles(Object.keys(files).map((name) => join(dir, name)));
  return results.flatMap((r) => r.messages.map((m) => m.message));
}

describe('eslint/no-import-cycles', () => {
  it('reports a loop through a lazy import()', async () => {
    const messages = await cyclesIn({
      'Page.tsx':
        "import { lazy } from 'react';\nconst Part = lazy(() => import('./Part'));\nexport const Loader = () => null;\nexport default Part;\n",
      'Part.tsx': "import { Loader } from './Page';\nexport default function Part() { return Loader(); }\n",
    });
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^Import cycle: .*Page\.tsx -> .*Part\.tsx -> .*Page\.tsx$/)]));
  });

  it('reports a static loop, and not a type-only import back', async () => {
    expect(
      await cyclesIn({
        'a.ts': "import { b } from './b';\nexport const a = b;\n",
        'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toHaveLength(2);
    expect(
      await cyclesIn({
        'c.ts': "import { d } from './d';\nexport const c = d;\nexport type C = number;\n",
        'd.ts': "import type { C } from './c';\nexport const d: C = 1;\n",
      }),
    ).toEqual([]);
  });
});
