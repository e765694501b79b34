// A real SMTP server (smtp-server) on a free port standing in for the mail relay a notice goes
// through, and a small reader of what it received: the header fields, unfolded and decoded, and
// each text part of a multipart mail, decoded from quoted-printable or base64.
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { SMTPServer } from 'smtp-server';

export interface Delivered {
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: string;
}

/** Starts the server; `login` checks a username and password when given (no login needed otherwise). */
export async function startMailStandIn(login?: { user: string; pass: string }): Promise<{ port: number; delivered: Delivered[] }> {
  const delivered: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS to negotiate, and a login allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        delivered.push({ mailFrom: mailFrom ? mailFrom.address : undefined, rcptTo: session.envelope.rcptTo.map((to) => to.address), raw: Buffer.concat(chunks).toString('latin1') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, delivered };
}

export interface ReadMail {
  /** Each header field by its lower-case name, unfolded and its encoded words decoded. */
  headers: Map<string, string[]>;
  /** Each leaf part: its content type and its decoded text, its line breaks as LF. */
  parts: { type: string; text: string }[];
}

const splitHead = (entity: string) => {
  const at = entity.indexOf('\r\n\r\n');
  return { head: entity.slice(0, at), body: entity.slice(at + 4) };
};

const fields = (head: string): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    map.set(name, [...(map.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return map;
};

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), adjacent ones joined. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
  );

/** Quoted-printable: soft line breaks removed, `=XX` bytes decoded as UTF-8. */
export const quotedPrintable = (text: string) => {
  const bytes: number[] = [];
  const joined = text.replace(/=\r\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
};

const decodeBody = (body: string, encoding: string | undefined) => {
  if (encoding === 'quoted-printable') return quotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return Buffer.from(body, 'latin1').toString('utf8');
};

/** Reads a raw mail: its headers and its leaf parts, multipart ones split at their boundary. */
export function readMail(raw: string): ReadMail {
  const { head, body } = splitHead(raw);
  const headers = fields(head);
  const parts: ReadMail['parts'] = [];
  const walk = (entityHeaders: Map<string, string[]>, entityBody: string) => {
    const type = entityHeaders.get('content-type')?.[0] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1, -1)) {
        const entity = splitHead(part.replace(/^\r\n/, ''));
        walk(fields(entity.head), entity.body.replace(/\r\n$/, ''));
      }
      return;
    }
    // A mail's text breaks its lines with CRLF; read as the LF the sender wrote.
    const text = decodeBody(entityBody, entityHeaders.get('content-transfer-encoding')?.[0]?.toLowerCase()).replace(/\r\n/g, '\n');
    parts.push({ type: type.split(';')[0]!.trim(), text });
  };
  walk(headers, body);
  return { headers, parts };
}
