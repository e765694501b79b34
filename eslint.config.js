import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import modelText from './scripts/eslint-model-text.js';

/** Forbids importing the given parts of src/ (and demo/), saying why. */
const parts = (why, ...names) => ({ group: names.map((name) => `**/${name}/**`), message: why });
const lit = { group: ['lit', 'lit/*', '@lit/*'], message: 'pure logic knows no DOM (DESIGN §2)' };
const noDemo = parts('the library never imports its demo', 'demo');

/**
 * The layers of DESIGN §2: what each part must never import, with the nevers of the
 * architecture drawing and the few stricter rules beside them (a pure layer knows no lit, no host
 * and no runtime side). Any import counts, types too, as in the drawing. One block per part and
 * rule, so that no later block replaces an earlier one's list. test/lint/layers.test.ts proves
 * that each never is reported.
 */
const never = {
  protocol: [lit, parts('schemas are the bottom layer', 'rules', 'session', 'host', 'agent', 'adapters'),
    parts('the wire knows no DOM', 'elements'), noDemo],
  rules: [lit, parts('rules are pure and testable without a DOM', 'elements', 'host'),
    parts('rules never talk to the network', 'transport'), parts('rules are below the lifecycle', 'session', 'agent'), noDemo],
  session: [lit, parts('the lifecycle is independent of rendering', 'elements', 'host'),
    parts('the kit\'s lifecycle never imports the runtime side', 'agent'), noDemo],
  transport: [parts('a transport moves bytes, it keeps no lifecycle', 'session'), parts('a transport knows no DOM', 'elements', 'host'),
    parts('a transport moves bytes; its clock sits below the rules', 'rules'), noDemo],
  adapters: [lit, parts('adapters map protocols onto requests; the host renders them', 'elements', 'host', 'agent'), noDemo],
  elements: [parts('the elements know no lifecycle: the host hands them requests', 'session'),
    parts('leaves never import the host', 'host'), parts('the elements know no transport', 'transport', 'agent'), noDemo],
  agent: [parts('the runtime side never needs the browser UI', 'elements', 'host'), noDemo],
  i18n: [noDemo],
  host: [noDemo],
  react: [parts('wrappers see the protocol, not the lifecycle', 'session'), noDemo],
};

/** Imports allowed as types only: erased at run time, so they cost no bundle bytes. */
const typesOnly = {
  // The lifecycle talks to a transport only through its interface.
  session: [parts('the session talks to a transport through its interface (a type)', 'transport')],
  protocol: [parts('the protocol talks to no transport', 'transport')],
  // An adapter opens no network connection; the in-page one is how an SDK's handler on the page
  // reaches its own <interaction-host> (adapters/mcp-sdk.ts).
  adapters: [{ group: ['**/transport/**', '!**/transport/in-page-transport.js'], message: 'adapters talk to no network transport' }],
  // The rules and the elements stay free of zod at run time: element bundles carry no schema
  // library (only the protocol's zod-free modules hold values they need; types are free).
  ...Object.fromEntries(['rules', 'elements'].map((name) => [name, [{
    group: ['**/protocol/*', '!**/protocol/constants.js', '!**/protocol/clock.js', '!**/protocol/json.js', 'zod', 'zod/*'],
    message: 'no zod at run time here: take types, or the protocol\'s zod-free modules',
  }]])),
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'schema/', 'docs/', 'bench/results.json', '.venv/', 'python/', '.manual-mcp-*/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly',
        URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly',
        clearInterval: 'readonly', structuredClone: 'readonly', performance: 'readonly', fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'bench/**', 'demo/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The pure layers know no DOM (DESIGN §2); the adapters are pure too.
    files: ['src/protocol/**', 'src/rules/**', 'src/session/**', 'src/adapters/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'HTMLElement', 'customElements', 'localStorage'],
    },
  },
  ...Object.entries(never).map(([name, patterns]) => ({
    files: [`src/${name}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  ...Object.entries(typesOnly).map(([name, patterns]) => ({
    files: [`src/${name}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: patterns.map((pattern) => ({ ...pattern, allowTypeImports: true })),
      }],
    },
  })),
  {
    // Every string a model wrote goes through the one safe text path (DESIGN §6.1).
    files: ['src/elements/**', 'src/host/**'],
    plugins: { aik: modelText },
    rules: { 'aik/model-text': 'error' },
  },
);
