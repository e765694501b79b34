import * as z from 'zod/mini';
import { kitToolResultSchema } from './kit-messages.js';

// The inbox's answer as a runtime validates it (docs/protocol.md §12.2): the ordinary
// `tool_result` plus the call's `session_id`. Runtime side and JSON Schema only, as kit-messages.ts.

export const inboxToolResultSchema = z.intersection(kitToolResultSchema, z.object({ session_id: z.string().check(z.minLength(1)) }));
