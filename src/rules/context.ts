import { CHANNELS, RUN_MODES } from '../protocol/constants.js';
import type { InteractionContext, WireContext } from '../protocol/context.js';
import { toChoice, toText } from './coerce.js';

/**
 * Merges a session's `hello` context with a call's own, field by field (the call wins, `null`
 * counts as absent), and applies the defaults. An unknown channel is `desktop`, where
 * `publish_artifacts` is not offered: the safe reading of a value this kit does not know.
 */
export function resolveContext(
  session?: WireContext | null,
  call?: WireContext | null,
): InteractionContext {
  const pick = (field: keyof WireContext): unknown => call?.[field] ?? session?.[field];
  const context: InteractionContext = {
    channel: toChoice(pick('channel'), CHANNELS, 'desktop'),
    run_mode: toChoice(pick('run_mode'), RUN_MODES, 'execution'),
  };
  const locale = toText(pick('locale'));
  const requester = toText(pick('requester'));
  if (locale) context.locale = locale;
  if (requester) context.requester = requester;
  return context;
}
