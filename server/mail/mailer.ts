import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** `kind` names the template in logs: subjects and bodies carry codes and links, so they are never logged. */
export type MailMessage = { to: string; subject: string; text: string; html: string; kind?: string };

export type MailStatus = { ok: boolean; at: Date | null; detail: string | null };

/** A message could not be handed to the outbox or the SMTP server. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('Mail delivery failed.', { cause });
    this.name = 'MailDeliveryError';
  }
}

export type Mailer = {
  /** Delivers now and throws MailDeliveryError on failure, so the caller can keep the previous code and say so. */
  deliver(message: MailMessage, log?: Logger): Promise<void>;
  /**
   * Delivers in the background, for answers whose timing must not tell whether mail went out
   * (ForgotPassword). `onFailed` runs after a failed delivery, to undo what the message announced.
   */
  send(message: MailMessage, options?: { log?: Logger; onFailed?: () => Promise<unknown> }): void;
  /** Resolves when every message handed to send() has been delivered or has failed. */
  idle(): Promise<void>;
  /** The outcome of the latest delivery, for the health check. */
  status(): MailStatus;
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
  let last: MailStatus = { ok: true, at: null, detail: null };

  // Named when delivery starts, so the outbox sorts the way mail was sent.
  const nextName = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return `${stamp}-${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
  };

  // Off the event loop (a booking burst writes one file each); the folder is made when it is missing.
  async function toOutbox(file: string, body: Buffer) {
    try {
      await writeFile(file, body);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    }
  }

  async function deliver(message: MailMessage, requestLog: Logger = log) {
    const name = nextName();
    const { kind = 'mail', ...envelope } = message;
    try {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...envelope });
      if (outboxDir) {
        const file = path.join(outboxDir, name);
        await toOutbox(file, (info as unknown as { message: Buffer }).message);
        requestLog.info({ file, kind }, 'Mail written to the outbox');
      } else {
        requestLog.info({ messageId: info.messageId, kind }, 'Mail sent');
      }
      last = { ok: true, at: new Date(), detail: null };
    } catch (error) {
      const detail = (error as Error).message.slice(0, 200);
      last = { ok: false, at: new Date(), detail };
      requestLog.error(
        { event: 'mail.failed', kind, err: { message: detail, errno: (error as { code?: string }).code } },
        'Mail delivery failed',
      );
      throw new MailDeliveryError(error);
    }
  }

  return {
    outboxDir,
    deliver,
    send(message, options = {}) {
      const p = deliver(message, options.log)
        .catch(() => options.onFailed?.())
        .catch((error: Error) =>
          (options.log ?? log).error({ err: { message: error.message } }, 'Undoing a failed mail failed'),
        )
        .then(() => undefined)
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    status: () => last,
  };
}
