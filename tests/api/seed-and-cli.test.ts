import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { seedDemoData, DEMO_ACCOUNTS, DEMO_API_KEY } from '../../server/db/seed';
import { planCommand, UsageError } from '../../server/cli/cli-commands';
import { OperatorError } from '../../server/ops/operator-ops';
import { PROPERTY_STATUSES } from '../../resources/domain';
import { DETAILS_SECTIONS, type SectionKey } from '../../resources/properties/details.resource';
import { featureFlagsFor } from '../../server/flags/feature-flags';
import { openTestDb, testDbKind } from '../support/test-db';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  expect(await seedDemoData(db)).toEqual({ apiKey: DEMO_API_KEY });
});
afterAll(() => db.close());

const run = async (...argv: string[]) => {
  const lines: string[] = [];
  await planCommand(argv)(db, (l) => lines.push(l));
  return lines;
};

describe(`demo data (${testDbKind})`, () => {
  it('has a group with more than a page of properties, every status, one user per role, contacts', async () => {
    const groups = await db.query<{ n: number }>(
      'select count(*)::int as n from properties where property_group_id is not null group by property_group_id order by 1 desc',
    );
    expect(groups[0].n).toBeGreaterThan(5);
    const statuses = await db.query<{ status: string }>('select distinct status from properties');
    expect(statuses.map((s) => s.status).sort()).toEqual([...PROPERTY_STATUSES].sort());
    const roles = await db.query<{ role: string }>('select distinct role from memberships');
    const staff = await db.query('select 1 from users where is_staff');
    expect(roles.length + staff.length).toBe(8);
    expect(DEMO_ACCOUNTS).toHaveLength(8);
    const contacts = await db.query<{ n: number }>('select count(*)::int as n from contacts');
    expect(contacts[0].n).toBeGreaterThan(50);
  });

  it("stores details each section's schema takes as stored, with the times in Policies", async () => {
    const rows = await db.query<{ sections: Record<string, Record<string, unknown>> }>(
      'select sections from property_details',
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const { sections } of rows)
      for (const [key, values] of Object.entries(sections)) {
        const section = DETAILS_SECTIONS[key as SectionKey];
        expect(section.schema.parse(values)).toMatchObject(values);
        expect(section.fields.map((f) => f.name)).toEqual(expect.arrayContaining(Object.keys(values)));
      }
    expect(rows.some((r) => r.sections.policies?.checkInFrom === '14:00')).toBe(true);
  });

  it('does not seed twice', async () => {
    expect(await seedDemoData(db)).toBe(false);
  });

  it('stores password hashes with argon2id at or above the OWASP minimum', async () => {
    const [row] = await db.query<{ password_hash: string }>('select password_hash from users limit 1');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe(`operator CLI (${testDbKind})`, () => {
  it('creates a property, a group with it, a user with a group role, and sets a flag', async () => {
    const [created] = await run(
      'create-property',
      '--name',
      'Test Lodge',
      '--status',
      'ONBOARDING',
      '--provider',
      'extranet',
    );
    const propertyId = Number(/property (\d+)/.exec(created)![1]);
    const [group] = await run('create-group', '--name', 'Test Group', '--property', String(propertyId));
    const groupId = Number(/group (\d+)/.exec(group)![1]);
    const [prop] = await db.query<{ property_group_id: number; status: string }>(
      'select property_group_id, status from properties where id = $1',
      [propertyId],
    );
    expect(prop).toEqual({ property_group_id: groupId, status: 'ONBOARDING' });

    const out = await run(
      'create-user',
      '--email',
      'New.Person@Example.com',
      '--first-name',
      'New',
      '--last-name',
      'Person',
      '--role',
      'property_group_editor',
      '--group',
      String(groupId),
    );
    expect(out[0]).toBe('Created user new.person@example.com as property_group_editor.');
    expect(out[1]).toMatch(/^Password: \S{20,}$/);
    const [m] = await db.query('select m.role from memberships m join users u on u.id = m.user_id where u.email = $1', [
      'new.person@example.com',
    ]);
    expect(m).toEqual({ role: 'property_group_editor' });

    expect(
      await run('set-flag', 'supplier-extranet-custom-inclusions', 'off', '--email', 'staff@extranet.example'),
    ).toEqual(['Feature flag supplier-extranet-custom-inclusions is off for staff@extranet.example.']);
    const flags = await featureFlagsFor(
      db,
      (await db.query<{ id: number }>("select id from users where email = 'staff@extranet.example'"))[0],
    );
    expect(flags['supplier-extranet-custom-inclusions']).toBe(false);
    expect((await featureFlagsFor(db, null))['supplier-extranet-custom-inclusions']).toBe(true);
    await run('set-flag', 'supplier-extranet-new-auth', 'on');
    const [flag] = await db.query('select enabled from feature_flags where key = $1', ['supplier-extranet-new-auth']);
    expect(flag).toEqual({ enabled: true });
    const audit = await db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'feature_flag.set' and subject_id = 'supplier-extranet-new-auth'",
    );
    expect(audit[0].n).toBe(2);
  });

  it('refuses bad arguments with a clear message before touching the database', () => {
    const cases: [string[], RegExp][] = [
      [['frob'], /Unknown command "frob"/],
      [['create-user', '--email', 'a@b.example', '--first-name', 'A'], /--last-name is required/],
      [
        [
          'create-user',
          '--email',
          'a@b.example',
          '--first-name',
          'A',
          '--last-name',
          'B',
          '--role',
          'owner',
          '--property',
          '1',
        ],
        /--role with --property must be one of/,
      ],
      [
        [
          'create-user',
          '--email',
          'a@b.example',
          '--first-name',
          'A',
          '--last-name',
          'B',
          '--role',
          'supplier',
          '--property',
          'abc',
        ],
        /--property must be a whole number of at least 1/,
      ],
      [['create-property', '--name', 'X', '--status', 'OPEN'], /Invalid status/],
      [['set-flag', 'supplier-extranet-new-auth', 'maybe'], /on or off/],
      [['create-group', '--name', 'G', '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [argv, message] of cases) expect(() => planCommand(argv), argv.join(' ')).toThrowError(message);
    expect(() => planCommand(['frob'])).toThrowError(UsageError);
  });

  it('refuses what the database does not hold', async () => {
    await expect(run('add-to-group', '--group', '999', '--property', '1')).rejects.toThrowError(
      new OperatorError('No property group has the id 999.'),
    );
    await expect(
      run('create-user', '--email', 'staff@extranet.example', '--first-name', 'A', '--last-name', 'B'),
    ).rejects.toThrowError('A user with the email staff@extranet.example already exists.');
  });
});
