import * as z from 'zod/mini';
import { ASKING_TOOLS, DECISIONS, PLACES, type Decision, type Place } from './constants.js';

// The audit trail's record: what both runtime sides write once per decided call.
// Runtime-side only: the browser bundle never builds one.

/** How the call was decided (the vocabulary `settled` shares). */
export const AUDIT_DECISIONS = DECISIONS;
export type AuditDecision = Decision;

/** Who decided it: the user on the page, a session grant, a deadline, or the runtime itself (an abort). */
export const AUDIT_SOURCES = ['user', 'grant', 'timeout', 'runtime'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** Where it was decided (the vocabulary `settled` shares). */
export const AUDIT_PLACES = PLACES;
export type AuditPlace = Place;

export const auditRecordSchema = z.object({
  call_id: z.string().check(z.minLength(1)),
  session_id: z.string().check(z.minLength(1)),
  tool: z.literal(ASKING_TOOLS),
  arguments_sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  decision: z.literal(AUDIT_DECISIONS),
  source: z.literal(AUDIT_SOURCES),
  actor: z.nullable(z.string()),
  // Optional: a runtime that predates the places a call is answered from writes none.
  where: z.optional(z.literal(AUDIT_PLACES)),
  instance: z.string(),
  asked_at: z.string(),
  decided_at: z.string(),
  arguments: z.optional(z.record(z.string(), z.unknown())),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
