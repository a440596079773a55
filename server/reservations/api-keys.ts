import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable, Row } from '../db/client';
import { userError } from '../errors';
import { RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';

/**
 * Keys the brand's booking system authenticates with (header `x-api-key`). A key is
 * `hxk_<prefix>_<secret>`: the prefix finds the row, and only a SHA-256 of the whole key is kept,
 * so a database dump cannot be replayed. The key itself is printed once, by the CLI.
 */
export const API_KEY_HEADER = 'x-api-key';
const KEY_FORMAT = /^hxk_([a-z0-9]{10})_([A-Za-z0-9_-]{32,64})$/;

export type ApiKeyScope = { id: number; name: string; allProperties: boolean; propertyIds: number[] };

const hash = (key: string) => createHash('sha256').update(key).digest();

export async function createApiKey(
  tx: Queryable,
  input: { name: string; allProperties: boolean; propertyIds: number[]; key?: string },
): Promise<{ id: number; key: string }> {
  const key =
    input.key ?? `hxk_${randomBytes(8).toString('hex').slice(0, 10)}_${randomBytes(32).toString('base64url')}`;
  const prefix = KEY_FORMAT.exec(key)?.[1];
  if (!prefix) throw new Error('An API key must look like hxk_<10 letters or digits>_<32 or more characters>.');
  const [row] = await tx.query<{ id: number }>(
    `insert into api_keys (name, prefix, key_hash, all_properties, property_ids) values ($1, $2, $3, $4, $5) returning id`,
    [input.name, prefix, hash(key).toString('hex'), input.allProperties, input.propertyIds],
  );
  return { id: row.id, key };
}

/** Revokes a key; answers whether there was a live key with that id. */
export async function revokeApiKey(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    'update api_keys set revoked_at = now() where id = $1 and revoked_at is null returning id',
    [id],
  );
  return rows.length > 0;
}

export async function listApiKeys(db: Queryable) {
  return db.query<{
    id: number;
    name: string;
    prefix: string;
    scope: string;
    revoked: boolean;
    lastUsedAt: Date | null;
  }>(
    `select id, name, prefix, case when all_properties then 'all properties' else array_to_string(property_ids, ', ') end as scope,
            revoked_at is not null as revoked, last_used_at as "lastUsedAt"
       from api_keys order by id`,
  );
}

/**
 * The scope of the key a request carries; anything missing, malformed, unknown or revoked is
 * UNAUTHENTICATED. `also` reads more in the same round trip (the intake reads the booking it is
 * about): its SQL is joined on `true` and its columns come back in `extra`.
 */
export async function authenticateApiKey<E extends Row = Row>(
  db: Queryable,
  sent: string | null,
  also?: { sql: string; params: unknown[] },
): Promise<ApiKeyScope & { extra: E | null }> {
  const match = sent ? KEY_FORMAT.exec(sent.trim()) : null;
  const denied = () => userError(RESERVATION_MESSAGES.apiKey, 'UNAUTHENTICATED');
  if (!match) throw denied();
  const [row] = await db.query<{
    id: number;
    name: string;
    key_hash: string;
    all_properties: boolean;
    property_ids: number[];
    extra: E | null;
  }>(
    `select k.id, k.name, k.key_hash, k.all_properties, k.property_ids${also ? ', to_jsonb(x) as extra' : ''}
       from api_keys k${also ? ` left join lateral (${also.sql}) x on true` : ''}
      where k.prefix = $1 and k.revoked_at is null`,
    [match[1], ...(also?.params ?? [])],
  );
  const expected = row ? Buffer.from(row.key_hash, 'hex') : Buffer.alloc(32);
  const ok = timingSafeEqual(expected, hash(sent!.trim())) && Boolean(row);
  if (!ok) throw denied();
  return {
    id: row.id,
    name: row.name,
    allProperties: row.all_properties,
    propertyIds: row.property_ids,
    extra: row.extra ?? null,
  };
}

export function checkKeyScope(scope: ApiKeyScope, propertyId: number) {
  if (!scope.allProperties && !scope.propertyIds.includes(propertyId))
    throw userError(RESERVATION_MESSAGES.apiKeyScope, 'FORBIDDEN');
}

/** How often a key's last use is recorded, by this process and (for several) in the database. */
const TOUCH_MS = 60_000;
/**
 * When this process last recorded each key's use, per database (a test process opens several, whose
 * keys share ids): a key sending many bookings a second costs one update a minute.
 */
const touched = new WeakMap<Queryable, Map<number, number>>();

/** Records when a key was last used, at most once a minute and outside the booking's transaction (no hot row). */
export function touchApiKey(db: Queryable, id: number) {
  let times = touched.get(db);
  if (!times) touched.set(db, (times = new Map()));
  const now = Date.now();
  if (now - (times.get(id) ?? -Infinity) < TOUCH_MS) return;
  times.set(id, now);
  db.query(
    `update api_keys set last_used_at = now()
      where id = $1 and (last_used_at is null or last_used_at < now() - $2::int * interval '1 millisecond')`,
    [id, TOUCH_MS],
  ).catch(() => undefined);
}
