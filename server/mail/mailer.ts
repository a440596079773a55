import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Sends in the background so a request's timing does not tell whether mail went out. */
  send(message: MailMessage): void;
  /** Resolves when every message handed to send() has been delivered or has failed. */
  idle(): Promise<void>;
  outboxDir: string | null;
};

/** SMTP when SMTP_URL is set; otherwise every message is an RFC 822 .eml file in DATA_DIR/outbox/. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: Logger): Mailer {
  const outboxDir = config.SMTP_URL ? null : path.resolve(config.DATA_DIR, 'outbox');
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  let sequence = 0;

  async function deliver(message: MailMessage, name: string) {
    const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
    if (outboxDir) {
      mkdirSync(outboxDir, { recursive: true });
      const file = path.join(outboxDir, name);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      log.info({ file, subject: message.subject }, 'Mail written to the outbox');
    } else {
      log.info({ messageId: info.messageId, subject: message.subject }, 'Mail sent');
    }
  }

  return {
    outboxDir,
    send(message) {
      // Named when send() is called, so the outbox sorts the way mail was sent.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
      const p = deliver(message, name)
        .catch((err: Error) => log.error({ err: { message: err.message }, subject: message.subject }, 'Mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
