import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'schema/', 'docs/', 'bench/results.json', '.venv/', 'python/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly',
        URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly',
        clearInterval: 'readonly', structuredClone: 'readonly', performance: 'readonly',
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
    // The pure layers know no DOM and no higher layer (DESIGN §2); the adapters are pure too.
    files: ['src/protocol/**', 'src/rules/**', 'src/session/**', 'src/adapters/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'HTMLElement', 'customElements', 'localStorage'],
      'no-restricted-imports': ['error', { patterns: ['lit', 'lit/*', '**/elements/**', '**/host/**', '**/agent/**'] }],
    },
  },
  {
    // The session talks to a transport only through its interface (a type, erased at run time).
    files: ['src/protocol/**', 'src/rules/**', 'src/session/**', 'src/adapters/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/transport/**'], allowTypeImports: true }] }],
    },
  },
  {
    // The rules and the elements stay free of zod at run time: element bundles carry no schema
    // library (only `constants.js` of the protocol holds values they need; types are free).
    files: ['src/rules/**', 'src/elements/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['**/protocol/*', '!**/protocol/constants.js', 'zod', 'zod/*'], allowTypeImports: true }],
      }],
    },
  },
  {
    files: ['src/elements/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/transport/**', '**/session/**', '**/host/**', '**/agent/**'] }],
    },
  },
);
