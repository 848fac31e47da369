import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP peer received it. */
export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Every message received, in order. */
  inbox: Received[];
  /** The next message to arrive (rejects after 10 s). */
  nextMessage(): Promise<Received>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (or `port`: the same server back after an outage),
 * for tests of the e-mails (DESIGN §3). With `hold`, a slow peer: each message is taken (and
 * put in the inbox) only once the promise `hold` returns for it resolves.
 */
export async function startSmtpPeer(
  port = 0,
  options: { hold?: (message: Received) => Promise<void> } = {},
): Promise<SmtpPeer> {
  const inbox: Received[] = [];
  const waiters: ((message: Received) => void)[] = [];
  const server = new SMTPServer({
    // close() ends the sessions still open after this long. smtp-server's default waits 30 s
    // for them, and an app's mailer keeps its pooled connection open: every file that closed
    // its peer after its tests waited out those 30 s.
    closeTimeout: 250,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        void (options.hold?.(message) ?? Promise.resolve()).then(() => {
          inbox.push(message);
          waiters.shift()?.(message);
          callback();
        });
      });
    },
  });
  // A client that dies mid-session (an app instance killed) resets its connection: that is
  // the client's end, not the server's, so the peer keeps serving (no listener would crash it).
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    inbox,
    nextMessage: () =>
      new Promise<Received>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message arrived')), 10_000);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded bodies of a multipart message, by content type. */
export function mimeParts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts: Record<string, string> = {};
  for (const section of raw.split(`--${boundary}`).slice(1)) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    const body = section.slice(split).trim();
    const type = /content-type:\s*([^;\r\n]+)/i.exec(headers)?.[1]?.trim().toLowerCase();
    if (!type) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8')
          : body;
  }
  return parts;
}
