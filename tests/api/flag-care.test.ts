import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createUser } from '../factories';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { SUPPORT_DOCS } from '../../resources/users/support.documents';
import { FLAG_DESCRIPTIONS, FLAG_TEXTS } from '../../resources/feature-flags';

let app: TestApp;
let staff: string;
beforeAll(async () => {
  app = await createTestApp();
  staff = (await createUser(app, { isStaff: true })).email;
});
afterAll(() => app.close());

type Body = { data?: any; errors?: { message: string; extensions?: { code?: string; fields?: any } }[] };
const gql = async (who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as Body;
const codeOf = (b: Body) => b.errors?.[0]?.extensions?.code;
const KEY = 'supplier-extranet-expanded-global-inclusions';
const flagOf = async (key: string) =>
  (await gql(staff, PROPERTY_DOCS.featureFlagSettings)).data.featureFlagSettings.find((f: any) => f.key === key);
const stored = async (key: string) =>
  (await app.db.query<{ enabled: boolean }>('select enabled from feature_flags where key = $1', [key]))[0].enabled;

describe('feature flags with care (issue 30)', () => {
  it('each flag says what it changes and whom it reaches, counted from the data', async () => {
    const { id } = await createProperty(app);
    const member = await createUser(app, { role: 'property_editor', propertyId: id });
    await gql(staff, SUPPORT_DOCS.setFlag, { userId: member.id, key: KEY, enabled: true, reason: 'Early look' });
    const flag = await flagOf(KEY);
    expect(flag.description).toBe(FLAG_DESCRIPTIONS[KEY]);
    expect(flag.audience).toBe('everyone');
    const [c] = await app.db.query<{ users: number; overridden: number; properties: number }>(
      `select (select count(*)::int from users where not is_staff) as users,
              (select count(*)::int from feature_flag_overrides o join users u on u.id = o.user_id
                where o.key = $1 and not u.is_staff) as overridden,
              (select count(*)::int from properties where status <> 'ARCHIVED') as properties`,
      [KEY],
    );
    expect(flag.reach).toEqual({
      users: c.users - c.overridden,
      overrides: c.overridden,
      properties: c.properties,
      propertiesOwn: 0,
    });
    expect(c.overridden).toBeGreaterThan(0);
    const custom = await flagOf('supplier-extranet-custom-inclusions');
    expect(custom.audience).toBe('staff');
  });

  it('a change needs a reason; with one it is made and its history says who, when and why', async () => {
    const before = await stored(KEY);
    for (const reason of ['', '  ', 'x'.repeat(501)]) {
      const res = await gql(staff, PROPERTY_DOCS.setFeatureFlag, { key: KEY, enabled: !before, reason });
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors![0].extensions!.fields.reason).toHaveLength(1);
    }
    expect(await stored(KEY)).toBe(before);
    const ok = await gql(staff, PROPERTY_DOCS.setFeatureFlag, { key: KEY, enabled: !before, reason: 'Trial week' });
    expect(ok.errors).toBeUndefined();
    expect(await stored(KEY)).toBe(!before);
    const flag = await flagOf(KEY);
    expect(flag.history[0]).toMatchObject({
      actor: staff,
      enabled: !before,
      was: before,
      reason: 'Trial week',
      forUser: null,
    });
    await gql(staff, PROPERTY_DOCS.setFeatureFlag, { key: KEY, enabled: before, reason: 'Trial over' });
  });

  it("one user's own setting: on for them alone, in the flag's history, and back to following the flag", async () => {
    const { id } = await createProperty(app);
    const member = await createUser(app, { role: 'property_editor', propertyId: id });
    const flagsOf = async () =>
      (await gql(member.email, 'query { viewer { featureFlags { key enabled } } }')).data.viewer.featureFlags.find(
        (f: any) => f.key === KEY,
      ).enabled;
    const global = await stored(KEY);
    const res = await gql(staff, SUPPORT_DOCS.setFlag, {
      userId: member.id,
      key: KEY,
      enabled: !global,
      reason: 'Pilot',
    });
    expect(res.data.setUserFeatureFlag.message).toBe(FLAG_TEXTS.userChanged(KEY, member.email));
    expect(await flagsOf()).toBe(!global);
    const page = await gql(staff, SUPPORT_DOCS.user, { userId: member.id });
    expect(page.data.supportUser.flags.find((f: any) => f.key === KEY)).toMatchObject({
      enabled: !global,
      override: !global,
    });
    expect((await flagOf(KEY)).history[0]).toMatchObject({ forUser: member.email, enabled: !global, reason: 'Pilot' });

    await gql(staff, SUPPORT_DOCS.setFlag, { userId: member.id, key: KEY, enabled: null, reason: 'Pilot over' });
    expect(await flagsOf()).toBe(global);
    expect(await app.db.query('select 1 from feature_flag_overrides where user_id = $1', [member.id])).toHaveLength(0);
    // The same again changes nothing and leaves no record.
    const records = async () =>
      (
        await app.db.query(`select 1 from audit_log where subject_type = 'FeatureFlag' and subject_label like $1`, [
          `%${member.email}`,
        ])
      ).length;
    const n = await records();
    await gql(staff, SUPPORT_DOCS.setFlag, { userId: member.id, key: KEY, enabled: null, reason: 'Again' });
    expect(await records()).toBe(n);
  });

  it('refusals: not staff, an unknown flag or user; nothing changes', async () => {
    const { id } = await createProperty(app);
    const admin = await createUser(app, { role: 'property_admin', propertyId: id });
    const before = await stored(KEY);
    expect(
      codeOf(await gql(admin.email, PROPERTY_DOCS.setFeatureFlag, { key: KEY, enabled: !before, reason: 'Mine' })),
    ).toBe('NOT_FOUND');
    expect(
      codeOf(
        await gql(admin.email, SUPPORT_DOCS.setFlag, { userId: admin.id, key: KEY, enabled: true, reason: 'Mine' }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      codeOf(
        await gql(staff, SUPPORT_DOCS.setFlag, { userId: admin.id, key: 'no-such', enabled: true, reason: 'Why' }),
      ),
    ).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await gql(staff, SUPPORT_DOCS.setFlag, { userId: 999_999_999, key: KEY, enabled: true, reason: 'Why' })),
    ).toBe('NOT_FOUND');
    expect(await stored(KEY)).toBe(before);
    expect(await app.db.query('select 1 from feature_flag_overrides where user_id = $1', [admin.id])).toHaveLength(0);
  });
});
