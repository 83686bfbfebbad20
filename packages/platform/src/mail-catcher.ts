import type { SMTPServer } from 'smtp-server';
import { eventually } from './testing';

/** A mail as the catcher got it: the envelope's addresses, the subject and the plain text. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  /** SMTP_HOST and SMTP_PORT for a service that should mail here. */
  env: { SMTP_HOST: string; SMTP_PORT: string };
  /** Every mail so far, oldest first. */
  mails: CaughtMail[];
  /** The first mail to `to` not taken yet (waits for it up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** A single-part message's headers (unfolded) and its body, decoded if quoted-printable. */
function readMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (/base64/i.test(header('Content-Transfer-Encoding'))) {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: body.replace(/\r\n/g, '\n').trimEnd() };
}

/**
 * A local SMTP server for tests (the smtp-server package, plain text, no sign-in) on a free
 * port of 127.0.0.1: what a service mails lands in `mails`.
 */
export async function catchMail(): Promise<MailCatcher> {
  const { SMTPServer: Server } = await import('smtp-server');
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const server: SMTPServer = new Server({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          ...readMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) },
    mails,
    next: (to, timeoutMs = 10_000) =>
      eventually(
        () => {
          const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
          if (!mail) throw new Error(`no mail to ${to}`);
          taken.add(mail);
          return mail;
        },
        { timeoutMs },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
