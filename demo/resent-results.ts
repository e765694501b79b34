// The wire panel's mark on a re-sent result: after a drop the kit sends an unacknowledged
// `tool_result` again, and the runtime resolves its call with the first one only.

/** Says, per message on the wire, whether it is a `tool_result` the kit sent already for that call. */
export function resentResults(): (direction: 'in' | 'out' | 'local', message: unknown) => boolean {
  const sent = new Set<string>();
  return (direction, message) => {
    const record = (message ?? {}) as Record<string, unknown>;
    if (direction !== 'out' || record.type !== 'tool_result' || typeof record.call_id !== 'string') return false;
    if (sent.has(record.call_id)) return true;
    sent.add(record.call_id);
    return false;
  };
}
