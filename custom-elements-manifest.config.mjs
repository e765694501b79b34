// The custom elements manifest (custom-elements.json): editors and Storybook read the API from it.
export default {
  globs: ['src/elements/**/*.ts', 'src/host/*.ts'],
  exclude: ['src/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
};
