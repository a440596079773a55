import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';

export type AuthKeys = {
  /** Signs access, id, MFA-session and anti-spam-pass tokens (HS256). */
  jwt: Uint8Array;
  /** Keys the HMAC of emailed codes. */
  codes: string;
  /** Signs ALTCHA challenges and their derived keys. */
  antispam: string;
  antispamKey: string;
};

/** Secrets live in the database so every instance on one PostgreSQL shares them; made on first use. */
export async function loadAuthKeys(db: Db): Promise<AuthKeys> {
  const get = async (name: string) => {
    await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
      name,
      randomBytes(32).toString('hex'),
    ]);
    const [row] = await db.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
    return row.value;
  };
  return {
    jwt: Buffer.from(await get('jwt'), 'hex'),
    codes: await get('codes'),
    antispam: await get('antispam'),
    antispamKey: await get('antispam-key'),
  };
}
