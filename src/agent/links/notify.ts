// What every sender of a pending call's notice reads: the call, the link that answers it, and the
// session it was asked in. Where a notice goes is the sender's own configuration (a webhook's URL,
// a channel), never the call's arguments: the model cannot send a notice somewhere else.
import { revealMarks } from '../../rules/hidden-characters.js';

/** The `notify` hook's argument: the pending call and the link that answers it. */
export interface NotifyInput {
  sessionId: string;
  call: { id: string; tool: string; arguments: Record<string, unknown>; deadline: string };
  link: string;
  context?: Record<string, unknown>;
  actor?: string | null;
}

/**
 * A notice's words as the model wrote them, their hidden characters (bidi controls, zero-width)
 * written as marks and their length bounded; each sender then escapes its platform's markup.
 */
export interface NoticeText {
  /** The call's title, when it has one. */
  title: string | undefined;
  message: string;
  severity: string | undefined;
}

/** The longest title and message a notice carries; the card behind the link shows them whole. */
export const NOTICE_TITLE_LENGTH = 100;
export const NOTICE_MESSAGE_LENGTH = 1000;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  // Counted in code points, as Python counts them, so both runtimes cut at the same place.
  const shown = Array.from(revealMarks(value));
  return shown.length > max ? `${shown.slice(0, max - 1).join('')}…` : shown.join('');
};

/** The call's title, message and severity, each only when the model wrote it as text. */
export function noticeText(input: NotifyInput): NoticeText {
  const args = input.call.arguments;
  return { title: text(args.title, NOTICE_TITLE_LENGTH), message: text(args.message, NOTICE_MESSAGE_LENGTH) ?? '', severity: text(args.severity, 20) };
}
