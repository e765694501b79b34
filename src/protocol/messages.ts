// Every message of protocol v1, both directions.
export * from './runtime-messages.js';
export * from './kit-messages.js';
