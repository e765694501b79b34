import type { ESLint, Rule } from 'eslint';

/** The rule `aik/model-text` (see eslint-model-text.js). */
export const modelTextRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
