// Which approval details read as a command to run, so that the card shows them as one: a
// monospaced block that keeps its spacing, with Copy. Pure text rules, apart from the DOM.

/** A line starting with `$`, a tab, or two spaces of indent: a command or code. */
const MARKED = /^\$|\t|^ {2}/m;

/** One line whose first word is a program that runs commands (or `sudo`, or a path to run). */
const PROGRAM =
  /^(?:sudo|\.{0,2}\/\S+|kubectl|docker|podman|git|helm|terraform|npm|npx|pnpm|yarn|pip3?|python3?|node|deno|curl|wget|rm|mv|cp|chmod|chown|ssh|scp|rsync|systemctl|aws|gcloud|az|psql|mysql|redis-cli|cargo|bash|sh|sed|awk|grep|tar)(?: |$)/;

/** One line of a lower-case word, then options (`-n`, `--force`): `deploy --env prod`. */
const WORD_WITH_OPTIONS = /^[a-z][\w./-]*(?: |$)/;
const OPTION = / --?[A-Za-z]/;

/**
 * The details are a command, or code: a line marked as one (`$ `, indent, tab), or a single line
 * that starts with a program (`kubectl rollout restart deploy/worker`) or is a lower-case word
 * with options. A sentence ("Restarts the worker in staging") is not.
 */
export function isCommandLike(details: string): boolean {
  if (MARKED.test(details)) return true;
  const line = details.trim();
  if (line.includes('\n')) return false;
  return PROGRAM.test(line) || (WORD_WITH_OPTIONS.test(line) && OPTION.test(line));
}
