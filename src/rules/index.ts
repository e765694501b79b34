// The tool rules of DESIGN §4 and the results of §5: pure functions, no DOM, no clock.
export * from './coerce.js';
export * from './context.js';
export * from './options.js';
export * from './normalize.js';
export * from './answers.js';
export * from './results.js';
export * from './artifacts/mime.js';
export * from './artifacts/prepare.js';
export * from './artifacts/deliver.js';
