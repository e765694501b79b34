// The email sender: a pending call's notice as a mail through your SMTP server, on nodemailer. The
// subject is the call's title on one line; the text part has the words and the link; in the HTML
// part every model string is escaped and the answer link is the only anchor.
import { noticeText, type NotifyInput } from './notify.js';

export interface EmailSenderOptions {
  /** Your SMTP server: `secure` for TLS from the start (port 465); otherwise STARTTLS when it offers it. */
  host: string;
  port: number;
  secure?: boolean;
  auth?: { user: string; pass: string };
  /** The sender and the recipients (your configuration; the call's arguments never choose them). */
  from: string;
  to: string | string[];
}

/** Escapes HTML: text, or a double-quoted attribute's value, that no mail client reads as markup. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The mail: a one-line subject (no CR or LF can start a header of its own), a text part and an HTML part. */
export function emailMessage(input: NotifyInput): { subject: string; text: string; html: string } {
  const words = noticeText(input);
  const title = words.title ?? 'An agent is waiting for your answer';
  const severity = words.severity ? `Severity: ${words.severity}` : undefined;
  const text = [title, words.message, severity, `Answer: ${input.link}`].filter(Boolean).join('\n\n');
  const html = [
    '<!doctype html><html><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    words.message ? `<p style="white-space: pre-wrap">${escapeHtml(words.message)}</p>` : '',
    severity ? `<p>${escapeHtml(severity)}</p>` : '',
    `<p><a href="${escapeHtml(input.link)}">Answer</a></p>`,
    '</body></html>',
  ].join('');
  return { subject: title.replace(/[\r\n]+/g, ' '), text, html };
}

/** Sends the mail; rejects with the SMTP server's error (refused login, refused recipient, unreachable). */
export async function sendEmail(input: NotifyInput, options: EmailSenderOptions): Promise<void> {
  // Imported when a notice is sent: nodemailer is an optional peer, which a runtime without email never installs.
  const { createTransport } = await import('nodemailer');
  const { host, port, secure = false, auth, from, to } = options;
  const transport = createTransport({ host, port, secure, ...(auth ? { auth } : {}) });
  try {
    await transport.sendMail({ from, to, ...emailMessage(input) });
  } catch (error) {
    throw new Error(`Email: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    transport.close();
  }
}
