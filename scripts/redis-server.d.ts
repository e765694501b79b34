export interface RedisProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number | undefined;
  /** Ends the server (SIGKILL with `{kill: true}`). */
  stop(options?: { kill?: boolean }): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}
export function findRedisServer(): string | undefined;
export function ensureRedisServer(): string;
export function freePort(): Promise<number>;
export function startRedis(): Promise<RedisProcess>;
