// What keeps a Node test process alive (sockets, servers, watchers, child processes, ref'd timers),
// so that a test can prove that its teardown left nothing behind and the process will exit.
import { setTimeout as sleep } from 'node:timers/promises';

/** The process's live resources now, by kind, e.g. `{ TCPServerWrap: 1, Timeout: 2 }`. */
export function liveResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/**
 * The resources live beyond `baseline` (taken before the test started anything), once closing
 * ones have had up to `withinMs` to finish: empty when the teardown left nothing behind.
 */
export async function leftOpen(baseline: Record<string, number>, withinMs = 5000): Promise<Record<string, number>> {
  const extra = () => {
    const left: Record<string, number> = {};
    for (const [kind, count] of Object.entries(liveResources())) {
      if (count > (baseline[kind] ?? 0)) left[kind] = count - (baseline[kind] ?? 0);
    }
    return left;
  };
  const until = Date.now() + withinMs;
  // A server's close and a watcher's end finish a few turns later: poll, do not wait a fixed time.
  while (Object.keys(extra()).length > 0 && Date.now() < until) await sleep(25);
  return extra();
}
