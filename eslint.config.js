import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import modelText from './scripts/eslint-model-text.js';

/** Forbids importing the given parts of src/ (and demo/), saying why. */
const parts = (why, ...names) => ({ group: names.map((name) => `**/${name}/**`), message: why });
const lit = { group: ['lit', 'lit/*', '@lit/*'], message: 'pure logic knows no DOM' };
const noDemo = parts('the library never imports its demo', 'demo');
const onTop = parts('entries sit on top: nothing in the library imports one', 'entries');

/**
 * The layers of src/ (CONTRIBUTING.md, "Layout of the repository"): what each folder must never
 * import, with the nevers of the architecture drawing and the few stricter rules beside them (a
 * pure layer knows no lit, no host and no runtime side; nothing in the library imports an entry).
 * Every folder of src/ has a block, so no import escapes the rules through a folder they do not
 * name. Any import counts, types too, as in the drawing. One block per part and
 * rule, so that no later block replaces an earlier one's list. test/lint/layers.test.ts proves
 * that each never is reported.
 */
const never = {
  protocol: [lit, parts('schemas are the bottom layer', 'rules', 'session', 'host', 'agent', 'adapters'),
    parts('the wire knows no DOM', 'elements'), parts('the wire is below every extension', 'extensions'), onTop, noDemo],
  rules: [lit, parts('rules are pure and testable without a DOM', 'elements', 'host'),
    parts('rules never talk to the network', 'transport'), parts('rules are below the lifecycle', 'session', 'agent'),
    parts('rules are below every extension', 'extensions'), onTop, noDemo],
  session: [lit, parts('the lifecycle is independent of rendering', 'elements', 'host'),
    parts('the kit\'s lifecycle never imports the runtime side', 'agent'),
    parts('the lifecycle knows nothing of where it is hosted', 'mcp-app'), onTop, noDemo],
  transport: [parts('a transport moves bytes, it keeps no lifecycle', 'session'), parts('a transport knows no DOM', 'elements', 'host'),
    parts('a transport moves bytes; its clock sits below the rules', 'rules'), onTop, noDemo],
  adapters: [lit, parts('adapters map protocols; what they render reaches the cards through extensions', 'elements'),
    parts('adapters map protocols onto requests; the host renders them', 'host', 'agent'), onTop, noDemo],
  elements: [parts('the elements know no lifecycle: the host hands them requests', 'session'),
    parts('leaves never import the host', 'host'), parts('the elements know no transport', 'transport', 'agent'),
    parts('the cards read their contract from elements/shared; extensions implement it, above them', 'extensions'),
    parts('the cards know nothing of where they are hosted', 'mcp-app'), onTop, noDemo],
  agent: [parts('the runtime side never needs the browser UI', 'elements', 'host'),
    parts('the runtime side never needs the browser\'s extensions', 'extensions'), onTop, noDemo],
  i18n: [onTop, noDemo],
  host: [parts('the host is one way to show cards; the MCP App is another', 'mcp-app'), onTop, noDemo],
  react: [parts('wrappers see the protocol, not the lifecycle', 'session'), onTop, noDemo],
  extensions: [parts('extensions sit below the host that provides them', 'host'), onTop, noDemo],
  'mcp-app': [onTop, noDemo],
  entries: [noDemo],
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
    // The pure layers know no DOM; the adapters are pure too.
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
    // Every string a model wrote goes through the one safe text path (src/elements/shared/safe-text.ts).
    files: ['src/elements/**', 'src/host/**'],
    plugins: { aik: modelText },
    rules: { 'aik/model-text': 'error' },
  },
);
