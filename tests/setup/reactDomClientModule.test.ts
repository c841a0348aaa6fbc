import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactDomClientAsModule } from '../../web/build/reactDomClientModule';

/**
 * The browser build takes React DOM's client as an ES module (web/build/reactDomClientModule.ts, decision 0041). Every
 * browser test runs on that build; these check the conversion itself, on the installed React DOM and on the changes
 * to it that must stop a build rather than ship a half-converted module.
 */
const require = createRequire(import.meta.url);
// The package's exports do not name its cjs folder: the production build is found beside react-dom/client, as the build finds it.
const installed = readFileSync(join(dirname(require.resolve('react-dom/client')), 'cjs', 'react-dom-client.production.js'), 'utf8');

describe("React DOM's client as an ES module", () => {
  it('the installed file: its three requires become default imports and its three exports named exports; nothing else changes', () => {
    const converted = reactDomClientAsModule(installed);
    expect(converted.match(/^import .*$/gm)).toEqual([
      'import Scheduler from "scheduler";',
      'import React from "react";',
      'import ReactDOM from "react-dom";',
    ]);
    expect(converted.match(/^export .*? =/gm)).toEqual([
      'export const createRoot =',
      'export const hydrateRoot =',
      'export const version =',
    ]);
    expect(converted).not.toMatch(/\brequire\(|\bexports\b/);
    // Everything between is React DOM's own code, character for character.
    const body = (text: string) =>
      text.slice(text.indexOf('function formatProdErrorMessage'), text.search(/\n(exports\.|export const )createRoot =/));
    expect(body(converted)).toBe(body(installed));
    expect(body(converted).length).toBeGreaterThan(400_000);
  });

  it('a React DOM that requires a fourth module, or drops an export, or keeps CommonJS elsewhere, stops the build', () => {
    expect(() =>
      reactDomClientAsModule(
        installed.replace('ReactDOM = require("react-dom");', 'ReactDOM = require("react-dom"),\n  X = require("x");'),
      ),
    ).toThrow(/requires are not the three/);
    expect(() => reactDomClientAsModule(installed.replace('\nexports.version = ', '\nvar version = '))).toThrow(
      'no exports.version to convert',
    );
    expect(() => reactDomClientAsModule(`${installed}\nmodule.exports.extra = 1;`)).toThrow('CommonJS is left after the conversion');
  });
});
