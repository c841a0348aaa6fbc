// The functions as Cloud Functions deploys them: CommonJS, lib/index.js (and its shared chunk), with the shared domain
// (@upskill/domain, a workspace package that is not on the npm registry) bundled in, and every package
// that functions/package.json lists left to `npm install` on the platform. See docs/decisions/0001.
import { defineConfig } from 'rolldown';
import { starterContent } from './starterContent.mjs';

// The domain's modules and our own virtual ones (the starter lessons) are bundled in.
const bundled = (id) => id.startsWith('@upskill/domain') || id.startsWith('virtual:');

export default defineConfig({
  // lib/index.js is what Cloud Functions loads; lib/jobs.js is the scheduled jobs for `npm run jobs` (tools/jobs.mjs);
  // lib/routes.js is the route table as data, for the API tests (endpoints/routeList.ts).
  input: { index: 'src/index.ts', jobs: 'src/jobs.ts', routes: 'src/endpoints/routeList.ts' },
  platform: 'node',
  // The starter lessons' Markdown, built in (starterContent.mjs).
  plugins: [starterContent()],
  // A bare specifier (a package or a Node built-in) stays a require(), except the domain's.
  external: (id, _importer, isResolved) => !isResolved && !bundled(id) && !id.startsWith('.') && !id.startsWith('/'),
  // FUNCTIONS_OUT_DIR: the deploy test builds the same bundle elsewhere, away from the running emulator's lib/.
  output: {
    dir: process.env.FUNCTIONS_OUT_DIR ?? 'lib',
    format: 'cjs',
    sourcemap: true,
    cleanDir: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  },
});
