// What every sender of a pending call's notice reads: the call, the link that answers it, and the
// session it was asked in. Where a notice goes is the sender's own configuration (a webhook's URL,
// a channel), never the call's arguments: the model cannot send a notice somewhere else.

/** The `notify` hook's argument: the pending call and the link that answers it. */
export interface NotifyInput {
  sessionId: string;
  call: { id: string; tool: string; arguments: Record<string, unknown>; deadline: string };
  link: string;
  context?: Record<string, unknown>;
  actor?: string | null;
}

/** A notice's words as the model wrote them; each sender makes them safe for its platform. */
export interface NoticeText {
  /** The call's title, when it has one. */
  title: string | undefined;
  message: string;
  severity: string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The call's title, message and severity, each only when the model wrote it as text. */
export function noticeText(input: NotifyInput): NoticeText {
  const args = input.call.arguments;
  return { title: text(args.title), message: text(args.message) ?? '', severity: text(args.severity) };
}
