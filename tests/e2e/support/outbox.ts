import { expect } from '@playwright/test';
import { mailsInOutbox } from '../../support/mail-files';
import path from 'node:path';

let suffix = '';
let ownDir: string | null = null;
/** Read the outbox of the second (legacy) server, or back to the main one. */
export const useOutboxOf = (server: 'main' | 'legacy') => {
  suffix = server === 'legacy' ? '-legacy' : '';
  ownDir = null;
};
/** Read the outbox of a server a test started on its own data directory. */
export const useOutboxAt = (dataDir: string) => {
  ownDir = dataDir;
};
const dir = () => path.join(ownDir ?? `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}${suffix}`, 'outbox');

const mailsTo = (email: string) => mailsInOutbox(dir(), email);

/** Waits (expect.poll) for the (count+1)th message to the address and returns the match of the pattern in it. */
export async function waitForMail(email: string, pattern: RegExp, after: number): Promise<string> {
  let match: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(email);
        match = mails.length > after ? pattern.exec(mails.at(-1)!) : null;
        return match !== null;
      },
      { message: `a mail to ${email} matching ${pattern}`, timeout: 10_000 },
    )
    .toBe(true);
  return match![1];
}

export const mailCount = async (email: string) => (await mailsTo(email)).length;
export const SIGN_IN_CODE = /verification code is (\d{6})/;
export const RESET_CODE = /reset code is (\d{6})/;
export const CONFIRM_LINK = /(\/verify-email\?code=[A-Za-z0-9_-]+)/;
