// The wire protocol, version 1 (DESIGN §3): zod/mini schemas and the types inferred from them.
export * from './constants.js';
export * from './context.js';
export * from './request.js';
export * from './response.js';
export * from './results.js';
export * from './messages.js';
export * from './tool-arguments.js';
export * from './parse.js';
