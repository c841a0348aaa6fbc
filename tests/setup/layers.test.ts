import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { FUNCTION_LAYERS } from '../../eslint/layers.mjs';

// The project's own lint config, on deliberate probes placed (in memory) where a newcomer might write them.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the declared layers, enforced by npm run lint', () => {
  it('fails an upward import in the functions: a capability importing an endpoint, static or import()', async () => {
    expect(
      await layerErrors(
        'functions/src/mail/probe.ts',
        "import { handleEnroll } from '../endpoints/enroll';\nexport const probe = handleEnroll;\n",
      ),
    ).toEqual([expect.stringMatching(/functions\/src\/mail may import only the folders declared below it/)]);
    expect(await layerErrors('functions/src/http/probe.ts', "export const probe = () => import('../payments/store');\n")).toHaveLength(1);
    expect(
      await layerErrors(
        'functions/src/platform/probe.ts',
        "import { HttpError } from '../http/errors';\nexport const probe = HttpError;\n",
      ),
    ).toHaveLength(1);
  });

  it('fails either half of a two-way pair: of two capabilities, only the higher may import the lower', async () => {
    const down = await layerErrors(
      'functions/src/enrollment/probe.ts',
      "import { seats } from '../batches/store';\nexport const probe = seats;\n",
    );
    const up = await layerErrors(
      'functions/src/batches/probe.ts',
      "import { enrollments } from '../enrollment/store';\nexport const probe = enrollments;\n",
    );
    expect(down).toEqual([]);
    expect(up).toHaveLength(1);
  });

  it('allows what the order allows: an endpoint using capabilities and http', async () => {
    expect(
      await layerErrors(
        'functions/src/endpoints/probe.ts',
        "import { enrollments } from '../enrollment/store';\nimport { HttpError } from '../http/errors';\nexport const probe = [enrollments, HttpError];\n",
      ),
    ).toEqual([]);
  });

  it('declares every folder of functions/src exactly once', async () => {
    const folders = readdirSync(`${ROOT}functions/src`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect([...FUNCTION_LAYERS].sort()).toEqual(folders);
  });

  it('the site: a feature reaches another only through its public entry, import() included; shared code never reaches a feature', async () => {
    expect(
      await layerErrors('web/src/features/enrollment/probe.ts', "export const probe = () => import('../auth/UserProbe');\n"),
    ).toHaveLength(1);
    expect(await layerErrors('web/src/features/enrollment/probe.ts', "export const probe = () => import('../auth');\n")).toEqual([]);
    expect(await layerErrors('web/src/app/probe.ts', "export const probe = () => import('../features/auth/AccountSlot');\n")).toHaveLength(
      1,
    );
    expect((await layerErrors('web/src/lib/probe.ts', "export const probe = () => import('../features/auth');\n")).length).toBeGreaterThan(
      0,
    );
  });
});

describe('the domain by topic: a topic is entered only through its index (decision 0021)', () => {
  it("fails a domain file reaching into another topic's file, and passes the topic itself", async () => {
    expect(
      await layerErrors(
        'packages/domain/src/qa/probe.ts',
        "import { addWorkingHours } from '../support/support';\nexport const probe = addWorkingHours;\n",
      ),
    ).toEqual([expect.stringMatching(/through its index/)]);
    expect(
      await layerErrors(
        'packages/domain/src/qa/probe.ts',
        "import { addWorkingHours } from '../support';\nexport const probe = addWorkingHours;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('packages/domain/src/qa/probe.ts', "import { x } from '../../../web/src/lib/api';\nexport const probe = x;\n"),
    ).toContainEqual(expect.stringMatching(/imports nothing outside its own src/));
  });

  it("fails the site, the functions and the tests reaching into a topic's file", async () => {
    const deep = "import { QA_ROLES } from '@upskill/domain/qa/qa';\nexport const probe = QA_ROLES;\n";
    const topic = "import { QA_ROLES } from '@upskill/domain/qa';\nexport const probe = QA_ROLES;\n";
    for (const path of ['web/src/lib/probe.ts', 'web/src/features/qa/probe.ts', 'functions/src/qa/probe.ts', 'tests/api/probe.ts']) {
      expect(await layerErrors(path, deep), path).toEqual([expect.stringMatching(/Import a domain topic/)]);
      expect(await layerErrors(path, topic), path).toEqual([]);
    }
  });

  it('every topic folder has its index, and no domain file sits outside a topic', () => {
    const src = `${ROOT}packages/domain/src`;
    const entries = readdirSync(src, { withFileTypes: true });
    expect(entries.filter((d) => d.isFile()).map((d) => d.name)).toEqual([]);
    const missing = entries.filter((d) => d.isDirectory() && !readdirSync(`${src}/${d.name}`).includes('index.ts')).map((d) => d.name);
    expect(missing).toEqual([]);
  });
});

describe('product and tests apart', () => {
  const PRODUCT = ['web/src', 'web/scripts', 'functions/src', 'packages/domain/src', 'emulators', 'tools'];
  const files = (dir: string): string[] =>
    readdirSync(`${ROOT}${dir}`, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.(ts|tsx|mjs|js)$/.test(d.name) && !d.parentPath.includes('node_modules'))
      .map((d) => `${d.parentPath}/${d.name}`.slice(ROOT.length));

  it('no product file imports from tests/', () => {
    const reaching = PRODUCT.flatMap(files)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /(?:from|import\()\s*['"][^'"]*\btests\//.test(readFileSync(`${ROOT}${file}`, 'utf8')));
    expect(reaching).toEqual([]);
  });

  it('no test helper sits among product files (each lives in a test folder)', () => {
    const helpers = PRODUCT.flatMap(files).filter((file) => /test-support|\.emulator\.test\./.test(file));
    expect(helpers).toEqual([]);
  });
});

describe('a transaction never commits after its request was answered 503 (decision 0028)', () => {
  const probe = async (path: string, code: string) =>
    (await eslint.lintText(code, { filePath: `${ROOT}${path}` }))[0].messages.filter((m) => m.ruleId === 'no-restricted-syntax');

  it("fails Firestore's own runTransaction in the functions, and passes http/transaction's", async () => {
    const own = await probe(
      'functions/src/credits/probe.ts',
      "import { db } from '../platform/database';\nexport const probe = () => db().runTransaction(async () => 1);\n",
    );
    expect(own.map((m) => m.message)).toEqual([expect.stringMatching(/^Use runTransaction from http\/transaction/)]);
    const guarded = await probe(
      'functions/src/credits/probe.ts',
      "import { runTransaction } from '../http/transaction';\nexport const probe = () => runTransaction(async () => 1);\n",
    );
    expect(guarded).toEqual([]);
  });
});
