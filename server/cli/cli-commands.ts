import { randomBytes } from 'node:crypto';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Db } from '../db/client';
import { GROUP_ROLES, INVENTORY_PROVIDERS, PROPERTY_ROLES, PROPERTY_STATUSES } from '../../resources/domain';
import * as ops from '../ops/operator-ops';
import { API_KEY_USAGE, planApiKeyCommand } from './api-key-commands';

export class UsageError extends Error {}

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-user --email E --first-name F --last-name L [--password P] [--staff]
              [--role ROLE (--property ID | --group ID)] [--first-login]
      Creates a user. Without --password a strong one is generated and printed.
      Property roles: ${PROPERTY_ROLES.join(', ')}
      Group roles:    ${GROUP_ROLES.join(', ')}
  grant-role --email E --role ROLE (--property ID | --group ID)
  create-property --name N [--status S] [--suburb X] [--country C] [--currency AUD]
              [--provider P] [--group ID]
      Statuses:  ${PROPERTY_STATUSES.join(', ')}
      Providers: ${INVENTORY_PROVIDERS.join(', ')}
  create-group --name N [--property ID]...
  add-to-group --group ID --property ID
      Records a section completed outside the portal; the other publishable
      sections are read from the property's own data.
  set-flag KEY on|off [--email E]
      Without --email, for everyone; with it, an override for that user only.
  list-flags
${API_KEY_USAGE}`;

type Planned = (db: Db, out: (line: string) => void) => Promise<void>;

const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const strs = { type: 'string', multiple: true } as const;

/** Parses argv into a planned command; bad arguments throw UsageError before any database is opened. */
export function planCommand(argv: string[]): Planned {
  const [command, ...rest] = argv;
  const parse = <O extends NonNullable<ParseArgsConfig['options']>>(options: O, positionals = 0) => {
    try {
      const parsed = parseArgs({ args: rest, options, strict: true, allowPositionals: positionals > 0 });
      if (parsed.positionals.length !== positionals)
        throw new UsageError(`${command} takes ${positionals} argument(s).`);
      return parsed;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  };
  const id = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    if (!/^[1-9]\d{0,9}$/.test(value))
      throw new UsageError(`--${name} must be a whole number of at least 1 (got "${value}").`);
    return Number(value);
  };
  const required = (value: string | undefined, name: string) => {
    if (!value) throw new UsageError(`--${name} is required.`);
    return value;
  };
  const roleTarget = (role: string, property?: number, group?: number) => {
    if ((property === undefined) === (group === undefined))
      throw new UsageError('Give exactly one of --property or --group with --role.');
    if (group !== undefined) {
      if (!GROUP_ROLES.includes(role as never))
        throw new UsageError(`--role with --group must be one of ${GROUP_ROLES.join(', ')}.`);
      return { target: 'group' as const, role: role as (typeof GROUP_ROLES)[number], propertyGroupId: group };
    }
    if (!PROPERTY_ROLES.includes(role as never))
      throw new UsageError(`--role with --property must be one of ${PROPERTY_ROLES.join(', ')}.`);
    return { target: 'property' as const, role: role as (typeof PROPERTY_ROLES)[number], propertyId: property! };
  };

  const apiKeyCommand = planApiKeyCommand(command, rest, (message) => new UsageError(message));
  if (apiKeyCommand) return apiKeyCommand;
  switch (command) {
    case 'create-user': {
      const { values: v } = parse({
        email: str,
        'first-name': str,
        'last-name': str,
        password: str,
        staff: flag,
        role: str,
        property: str,
        group: str,
        'first-login': flag,
      });
      const email = required(v.email, 'email');
      const firstName = required(v['first-name'], 'first-name');
      const lastName = required(v['last-name'], 'last-name');
      const grant = v.role ? roleTarget(v.role, id(v.property, 'property'), id(v.group, 'group')) : undefined;
      if (v.staff && grant) throw new UsageError('A staff user needs no --role: staff see every property.');
      if (!v.role && (v.property || v.group)) throw new UsageError('--property and --group need --role.');
      const generated = !v.password;
      const password = v.password ?? `${randomBytes(12).toString('base64url')}aA1!`;
      return async (db, out) => {
        await db.transaction(async (tx) => {
          await ops.createUser(tx, {
            email,
            password,
            staff: Boolean(v.staff),
            firstName,
            lastName,
            flags: v['first-login'] ? ['FIRST_LOGIN'] : [],
          });
          if (grant) await ops.grantRole(tx, { ...grant, email });
        });
        out(`Created user ${email.toLowerCase()}${v.staff ? ' (staff)' : grant ? ` as ${grant.role}` : ''}.`);
        if (generated) out(`Password: ${password}`);
      };
    }
    case 'grant-role': {
      const { values: v } = parse({ email: str, role: str, property: str, group: str });
      const email = required(v.email, 'email');
      const grant = roleTarget(required(v.role, 'role'), id(v.property, 'property'), id(v.group, 'group'));
      return async (db, out) => {
        await db.transaction((tx) => ops.grantRole(tx, { ...grant, email }));
        out(`Granted ${grant.role} to ${email.toLowerCase()}.`);
      };
    }
    case 'create-property': {
      const { values: v } = parse({
        name: str,
        status: str,
        suburb: str,
        country: str,
        currency: str,
        provider: str,
        group: str,
      });
      const input = {
        name: required(v.name, 'name'),
        status: v.status as never,
        suburb: v.suburb,
        country: v.country,
        currencyCode: v.currency,
        inventoryProvider: v.provider as never,
        propertyGroupId: id(v.group, 'group'),
      };
      const check = ops.createPropertyInput.safeParse(input);
      if (!check.success)
        throw new UsageError(`Invalid ${check.error.issues[0].path.join('.')}: ${check.error.issues[0].message}`);
      return async (db, out) => {
        const propertyId = await db.transaction((tx) => ops.createProperty(tx, input));
        out(`Created property ${propertyId}: ${input.name}.`);
      };
    }
    case 'create-group': {
      const { values: v } = parse({ name: str, property: strs });
      const name = required(v.name, 'name');
      const properties = (v.property ?? []).map((p) => id(p, 'property')!);
      return async (db, out) => {
        const groupId = await db.transaction(async (tx) => {
          const created = await ops.createPropertyGroup(tx, name);
          for (const p of properties) await ops.addPropertyToGroup(tx, created, p);
          return created;
        });
        out(
          `Created property group ${groupId}: ${name}${properties.length ? ` with ${properties.length} properties` : ''}.`,
        );
      };
    }
    case 'add-to-group': {
      const { values: v } = parse({ group: str, property: str });
      const group = id(required(v.group, 'group'), 'group')!;
      const property = id(required(v.property, 'property'), 'property')!;
      return async (db, out) => {
        await db.transaction((tx) => ops.addPropertyToGroup(tx, group, property));
        out(`Added property ${property} to group ${group}.`);
      };
    }
    case 'set-flag': {
      const { positionals, values: v } = parse({ email: str }, 2);
      const [key, state] = positionals;
      if (state !== 'on' && state !== 'off') throw new UsageError(`set-flag takes on or off (got "${state}").`);
      return async (db, out) => {
        if (v.email) {
          await db.transaction((tx) => ops.setUserFeatureFlag(tx, v.email!, key, state === 'on'));
          out(`Feature flag ${key} is ${state} for ${v.email.toLowerCase()}.`);
        } else {
          await db.transaction((tx) => ops.setFeatureFlag(tx, key, state === 'on'));
          out(`Feature flag ${key} is ${state}.`);
        }
      };
    }
    case 'list-flags': {
      parse({});
      return async (db, out) => {
        const rows = await db.query<{ key: string; enabled: boolean }>(
          'select key, enabled from feature_flags order by key',
        );
        for (const r of rows) out(`${r.key}\t${r.enabled ? 'on' : 'off'}`);
      };
    }
    case undefined:
    case 'help':
    case '--help':
      throw new UsageError('');
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}
