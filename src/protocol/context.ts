import * as z from 'zod/mini';
import type { Channel, RunMode } from './constants.js';

/**
 * The context a `hello` or a `tool_call` may carry. Every field is a plain string on the wire:
 * an unknown channel or run mode is not an error, the rules resolve it to the default
 * (see `resolveContext`), so an older kit keeps working with a newer runtime.
 */
export const contextSchema = z.looseObject({
  channel: z.nullish(z.string()),
  run_mode: z.nullish(z.string()),
  locale: z.nullish(z.string()),
  requester: z.nullish(z.string()),
});
export type WireContext = z.infer<typeof contextSchema>;

/** The context after defaults: what the rules and the elements work with. */
export interface InteractionContext {
  channel: Channel;
  run_mode: RunMode;
  locale?: string;
  requester?: string;
}
