import type { ESLint } from 'eslint';

/** The local plugin: one rule, `no-import-cycles`. */
declare const plugin: ESLint.Plugin;
export default plugin;
