import { createTransport } from 'nodemailer';
import type { AuthConfig } from './config';

/** A mail to one player, in plain text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail over SMTP (nodemailer) as SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS and SMTP_FROM say;
 * undefined when no SMTP_HOST is set (the features that mail are then not available).
 */
export function createMailer(
  config: Pick<AuthConfig, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_FROM'>,
): Mailer | undefined {
  if (!config.SMTP_HOST) return undefined;
  const transport = createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_PORT === 465,
    ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.SMTP_FROM, ...mail });
    },
    close: () => transport.close(),
  };
}
