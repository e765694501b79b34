// A tool call's arguments as an edit form of the kit (`request_user_input` questions, one per
// argument, each offering its current value as the recommended option or one typed anew), and
// the edited arguments back in their original types. Shared by the adapters whose protocol lets
// a person edit an action before it runs (LangGraph's Agent Inbox, LangChain's HITL middleware).

/** An argument as the text a field shows. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** An edited field back in its original type: numbers and booleans stay numbers and booleans. */
export function typed(original: unknown, text: string): unknown {
  if (typeof original === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (typeof original === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (typeof original === 'object' && original !== null) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** One question per argument, its current value the one (recommended) option. */
export function argsQuestions(args: Record<string, unknown>) {
  return Object.entries(args).map(([key, value]) => ({
    header: '', id: key, question: key, options: [{ label: asText(value), value: asText(value), description: '' }],
  }));
}

/** What a submitted edit form answers per question. */
export type FormAnswers = Record<string, { selected_options: string[]; text: string } | undefined>;

/** The arguments as the form left them, and whether any of them changed. */
export function editedArgs(args: Record<string, unknown>, answers: FormAnswers): { args: Record<string, unknown>; changed: boolean } {
  const edited: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(args)) {
    const answer = answers[key];
    const text = answer?.selected_options[0] === '__custom__' ? answer.text : asText(value);
    changed ||= text !== asText(value);
    edited[key] = text === asText(value) ? value : typed(value, text);
  }
  return { args: edited, changed };
}
