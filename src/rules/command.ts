// Which approval details read as a command to run, so that the card shows them as one: a
// monospaced block that keeps its spacing, with Copy. Pure text rules, apart from the DOM.

/**
 * A line marked as a command or code (`$ `, a tab, two spaces of indent); or a line that starts
 * with a program that runs commands (`kubectl rollout restart deploy/worker`, `sudo …`, a path to
 * run); or a lower-case word with options (`deploy --env prod`). Not a sentence ("Restarts the
 * worker in staging"). Several lines are a block for their lines anyway.
 */
const COMMAND = /^\$|\t|^ {2}|^(?:sudo|kubectl|docker|git|helm|terraform|npm|npx|pip|python3?|node|curl|psql|ssh|rm|\.?\.?\/\S+)(?: |$)|^[a-z][\w./-]* (?:.* )?--?[A-Za-z]/m;

/** The details are a command, or code (see COMMAND). */
export const isCommandLike = (details: string): boolean => COMMAND.test(details);
