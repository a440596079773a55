import { readdirSync, readFileSync } from 'node:fs';
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

function decode(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function mailsTo(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir()).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => decode(readFileSync(path.join(dir(), f), 'utf8')))
    .filter((m) => new RegExp(`^To: ${email}$`, 'mi').test(m));
}

/** Waits for the (count+1)th message to the address and returns the match of the pattern in it. */
export async function waitForMail(email: string, pattern: RegExp, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = mailsTo(email);
    if (mails.length > after) {
      const match = pattern.exec(mails.at(-1)!);
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

export const mailCount = (email: string) => mailsTo(email).length;
export const SIGN_IN_CODE = /verification code is (\d{6})/;
export const RESET_CODE = /reset code is (\d{6})/;
export const CONFIRM_LINK = /(\/verify-email\?code=[A-Za-z0-9_-]+)/;
