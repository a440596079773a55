import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

/**
 * The messages in an outbox folder to one address, oldest first, each read by mailparser
 * (quoted-printable, base64, any charset) and given back as its headers and its text: what a
 * person reading the mail would see. Shared by the API and the browser tests.
 */
export async function mailsInOutbox(dir: string, email: string): Promise<string[]> {
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
  const addressesOf = (to: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(to) ? to : to ? [to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  return parsed
    .filter((m) => addressesOf(m.to).includes(email.toLowerCase()))
    .map((m) =>
      [
        `From: ${m.from?.text ?? ''}`,
        `To: ${email}`,
        `Subject: ${m.subject ?? ''}`,
        '',
        m.text ?? '',
        typeof m.html === 'string' ? m.html : '',
      ].join('\n'),
    );
}
