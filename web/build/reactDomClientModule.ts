import type { Plugin } from 'vite';

/**
 * React DOM's client as an ES module in the browser build (decision 0041).
 *
 * React DOM ships as CommonJS, which the bundler wraps in a function (and an interop helper) that runs when the module
 * is first required. As an ES module its code is the react chunk's top level instead: every public page carries 0.5 to
 * 0.6 KB gzipped less. The wrapper was also expected to cost a main-thread parse when first called; traced, the parse
 * that shows there is V8 collecting source positions for the trace's stack samples, and it stays (a smaller one, of
 * the module's top level), so no change in blocking time could be measured on this machine. Kept for the bytes.
 *
 * The conversion is mechanical and checked: the file's three requires become default imports (a CommonJS module's
 * default export is its `module.exports`), and its three `exports.` assignments become named exports. If React DOM
 * changes either, the build fails here instead of shipping a half-converted module. Only the client build uses it;
 * the server build and the component tests import React DOM as published.
 */
const REQUIRES = 'var Scheduler = require("scheduler"),\n  React = require("react"),\n  ReactDOM = require("react-dom");\n';
const IMPORTS = 'import Scheduler from "scheduler";\nimport React from "react";\nimport ReactDOM from "react-dom";\n';
const EXPORTS = ['createRoot', 'hydrateRoot', 'version'];

/** The production client, as a path inside the react-dom package. */
const PRODUCTION_CLIENT = 'cjs/react-dom-client.production.js';

/** React DOM's client build, CommonJS in, ES module out; throws where the file is not the shape this conversion knows. */
export function reactDomClientAsModule(source: string): string {
  if (!source.includes(REQUIRES)) throw new Error('its requires are not the three this build converts');
  let code = source.replace(REQUIRES, IMPORTS);
  for (const name of EXPORTS) {
    const assignment = `\nexports.${name} = `;
    if (!code.includes(assignment)) throw new Error(`no exports.${name} to convert`);
    code = code.replace(assignment, `\nexport const ${name} = `);
  }
  if (/\brequire\(|\bexports\b|\bmodule\.exports\b/.test(code)) throw new Error('CommonJS is left after the conversion');
  return code;
}

export function reactDomClientModule(): Plugin {
  return {
    name: 'upskill-react-dom-client-module',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    // The app imports react-dom/client, whose own file only chooses the production or development build by requiring it.
    async resolveId(source, importer, options) {
      if (source !== 'react-dom/client') return undefined;
      const chooser = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!chooser?.id.replaceAll('\\', '/').endsWith('/react-dom/client.js')) this.error(`react-dom/client resolved to ${chooser?.id}`);
      // The package's exports do not name its cjs folder: the production build is found beside the chooser.
      return chooser.id.slice(0, -'client.js'.length) + PRODUCTION_CLIENT;
    },
    transform(source, id) {
      if (!id.replaceAll('\\', '/').endsWith(`/react-dom/${PRODUCTION_CLIENT}`)) return undefined;
      try {
        return { code: reactDomClientAsModule(source), map: null };
      } catch (err) {
        return this.error(`${id}: ${(err as Error).message}`);
      }
    },
  };
}
