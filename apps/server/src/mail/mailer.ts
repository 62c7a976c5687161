import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Clock } from '@/lib/clock.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header (`<id@domain>`); nodemailer makes one when absent. The mail queue sets it
   * once per message, so a delivery retried after a half-finished try carries the same id and a
   * mail client can show the two as one.
   */
  messageId?: string;
};

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  close: () => void;
};

type MailerOptions = { from: string; logger: Pick<Logger, 'info'>; clock: Clock };

/** How long SMTP may take (ms): to connect, to greet, and with a silent socket. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 20_000 };

/** Real SMTP delivery (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  // nodemailer waits up to 2 min for a connection, 30 s for the greeting and 10 min on a silent
  // socket: an SMTP server that swallowed connections held a sign-up (which mails its code while
  // the seller waits) for 30 s (issue 18, `npm run chaos`). A mail that fails is retried: by the
  // job queue, or by the seller's "Resend code". Settings in SMTP_URL's query still win.
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      options.logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP every message becomes one RFC 5322 `.eml` file in DATA_DIR/outbox, named
 * `<ISO-8601 time>-<random>.eml` so a directory listing is in sending order. Any mail client opens it.
 */
export function createOutboxMailer(outboxDir: string, options: MailerOptions): Mailer {
  // On the same file system as the outbox, so the move into it is one atomic rename.
  const partialDir = `${outboxDir.replace(/[\\/]+$/, '')}.partial`;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await fs.mkdir(partialDir, { recursive: true, mode: 0o700 });
      const name = `${options.clock.now().toISOString()}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Written beside the outbox, then moved in whole: a reader of the outbox (a mail client, a test,
      // an operator) never opens a message that is still being written (one was seen empty).
      const partial = path.join(partialDir, name);
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      options.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the outbox folder. */
export function configuredMailer(
  smtpUrl: string | undefined,
  outboxDir: string,
  options: MailerOptions,
): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, options) : createOutboxMailer(outboxDir, options);
}
