/**
 * A Redis URL (`redis://host:port/db`) or node-redis `createClient` options (`url`, `socket`,
 * `username`, `password`, `database`, …), passed on to the client as given. Typed as any object
 * rather than by node-redis's own type, so that the types of `agent-interaction-kit/agent` compile
 * where the optional `redis` package is not installed.
 */
export type RedisOption = string | object;
