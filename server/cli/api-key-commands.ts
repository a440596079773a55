import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Db } from '../db/client';
import { OperatorError } from '../ops/operator-ops';
import { createApiKey, listApiKeys, revokeApiKey } from '../reservations/api-keys';

type Planned = (db: Db, out: (line: string) => void) => Promise<void>;

export const API_KEY_USAGE = `  create-api-key --name N (--all-properties | --property ID...)
      Creates a key the brand's booking system sends bookings with (header
      x-api-key). The key is printed once; only its hash is kept.
  revoke-api-key --id N
  list-api-keys
`;

/** The API key commands; `fail` turns a usage problem into the CLI's UsageError. */
export function planApiKeyCommand(command: string, rest: string[], fail: (message: string) => Error): Planned | null {
  const parse = (options: NonNullable<ParseArgsConfig['options']>) => {
    try {
      return parseArgs({ args: rest, options, strict: true }).values as Record<
        string,
        string | string[] | boolean | undefined
      >;
    } catch (error) {
      throw fail((error as Error).message);
    }
  };
  const id = (v: unknown, name: string) => {
    if (typeof v !== 'string' || !/^[1-9]\d{0,9}$/.test(v))
      throw fail(`--${name} must be a whole number of at least 1.`);
    return Number(v);
  };
  switch (command) {
    case 'create-api-key': {
      const v = parse({
        name: { type: 'string' },
        'all-properties': { type: 'boolean' },
        property: { type: 'string', multiple: true },
      });
      const name = typeof v.name === 'string' ? v.name.trim() : '';
      if (!name || name.length > 100) throw fail('--name is required (at most 100 characters).');
      const properties = ((v.property as string[] | undefined) ?? []).map((p) => id(p, 'property'));
      if (Boolean(v['all-properties']) === properties.length > 0)
        throw fail('Give exactly one of --all-properties or --property ID (repeatable).');
      return async (db, out) => {
        if (properties.length) {
          const found = await db.query<{ id: number }>('select id from properties where id = any($1::int[])', [
            properties,
          ]);
          const missing = properties.filter((p) => !found.some((f) => f.id === p));
          if (missing.length) throw new OperatorError(`No property with id ${missing.join(', ')}.`);
        }
        const key = await db.transaction((tx) =>
          createApiKey(tx, { name, allProperties: Boolean(v['all-properties']), propertyIds: properties }),
        );
        out(
          `Created API key ${key.id} (${name}) for ${properties.length ? `properties ${properties.join(', ')}` : 'all properties'}.`,
        );
        out(`Key: ${key.key}`);
        out('Keep it now: it cannot be shown again.');
      };
    }
    case 'revoke-api-key': {
      const v = parse({ id: { type: 'string' } });
      const keyId = id(v.id, 'id');
      return async (db, out) => {
        const done = await db.transaction((tx) => revokeApiKey(tx, keyId));
        if (!done) throw new OperatorError(`No live API key with id ${keyId}.`);
        out(`Revoked API key ${keyId}.`);
      };
    }
    case 'list-api-keys': {
      parse({});
      return async (db, out) => {
        for (const k of await listApiKeys(db))
          out(
            `${k.id}\t${k.name}\t${k.scope}\t${k.revoked ? 'revoked' : 'live'}\t${k.lastUsedAt?.toISOString?.() ?? 'never used'}`,
          );
      };
    }
    default:
      return null;
  }
}
