import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, matchesGlob } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `firebase deploy` runs the functions' predeploy (npm run build), zips the functions folder without what
// firebase.json's `ignore` names, and the platform installs that archive's package.json from the npm
// registry. @upskill/domain is a workspace package, on no registry: the bundle has to carry it. This test
// does the same steps in an empty folder outside the workspace and loads index.js there.
const ROOT = new URL('../../', import.meta.url).pathname;
const FUNCTIONS = join(ROOT, 'functions');
const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  functions: { source: string; ignore: string[]; predeploy: string[] }[];
};
const config = firebaseJson.functions[0];
const node24 = join(ROOT, 'node_modules', 'node', 'bin', 'node');
const staging = mkdtempSync(join(tmpdir(), 'upskill-deploy-'));
afterAll(() => rmSync(staging, { recursive: true, force: true }));

const ignored = (path: string) =>
  config.ignore.some((glob) => matchesGlob(path, glob) || path.split('/').some((part) => matchesGlob(part, glob)));

describe('the functions as deploy packages them', () => {
  it('predeploy builds one bundle; the archive installs from the registry alone and index.js loads every function', () => {
    expect(config.source).toBe('functions');
    expect(config.predeploy).toEqual(['npm --prefix "$RESOURCE_DIR" run build']);

    // The predeploy's build script, writing to the staging folder instead of the emulator's live lib/.
    const build = (JSON.parse(readFileSync(join(FUNCTIONS, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
    execFileSync('sh', ['-c', build], { cwd: FUNCTIONS, env: { ...process.env, FUNCTIONS_OUT_DIR: join(staging, 'lib') }, stdio: 'pipe' });

    // The archive: what git tracks in functions/, less the ignored paths, plus the build's output.
    const tracked = execFileSync('git', ['ls-files'], { cwd: FUNCTIONS, encoding: 'utf8' }).split('\n').filter(Boolean);
    const shipped = tracked.filter((path) => !ignored(path));
    expect(shipped).toContain('package.json');
    expect(shipped.filter((path) => path.startsWith('src/'))).toEqual([]);
    for (const path of shipped) cpSync(join(FUNCTIONS, path), join(staging, path));

    const manifest = JSON.parse(readFileSync(join(staging, 'package.json'), 'utf8')) as {
      main: string;
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).not.toContain('@upskill/domain');
    const bundle = readFileSync(join(staging, manifest.main), 'utf8');
    expect(bundle).not.toMatch(/require\(["']@upskill\/domain/);

    // What the platform does: install the production dependencies, then load the entry point.
    execFileSync('npm', ['install', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], {
      cwd: staging,
      stdio: 'pipe',
      timeout: 240_000,
    });
    const exported = execFileSync(
      node24,
      ['-e', `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(join(staging, manifest.main))}))))`],
      {
        cwd: staging,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      },
    );
    expect(JSON.parse(exported).sort()).toEqual([
      'account',
      'accountRequest',
      'assignments',
      'batches',
      'certificates',
      'completionSweep',
      'contact',
      'enroll',
      'learning',
      'me',
      'mentoring',
      'newsletter',
      'nudgeSweep',
      'paymentReconciler',
      'payments',
      'qa',
      'recordingSweep',
      'referralSweep',
      'reminderSweep',
      'seatLapseSweep',
      'seatReleased',
      'sendMail',
      'staff',
      'support',
      'team',
      'waitlistSweep',
    ]);
  }, 300_000);
});
