import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { gqlAs } from '../support/as-user';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { customInclusionResource } from '../../resources/inclusions/custom-inclusion.resource';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { FLAG_TEXTS } from '../../resources/feature-flags';
import { CHANGE_REASON_TEXTS } from '../../resources/change-reason';

let app: TestApp;
const STAFF = 'staff@extranet.example';
const ADMIN = 'admin@harbourview.example';
const KEY = 'supplier-extranet-custom-inclusions';
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const gql = (who: string, query: string, variables: Record<string, unknown> = {}) => gqlAs(app, who, query, variables);
const setGlobal = (enabled: boolean) =>
  app.db.query('update feature_flags set enabled = $2 where key = $1', [KEY, enabled]);
const setAt = (propertyId: number, enabled: boolean | null, reason = 'Trying it at this hotel first') =>
  gql(STAFF, PROPERTY_DOCS.setPropertyFeatureFlag, { propertyId, key: KEY, enabled, reason });
const plans = resourceDocuments(ratePlanResource);
const customs = resourceDocuments(customInclusionResource);
const inclusionKinds = async (who: string, propertyId: number) =>
  ((await gql(who, plans.list, { input: { propertyId }, limit: 100, offset: 0 })).data?.ratePlans.nodes ?? []).flatMap(
    (n: any) => n.assignedInclusions.map((a: any) => a.kind),
  );

describe('a feature flag targeted per property (issue 30)', () => {
  it("turns custom inclusions on at one property while the flag is off everywhere else, and off again; each change in the flag's history with its reason", async () => {
    await setGlobal(false);
    try {
      const hidden = await gql(STAFF, customs.list, { input: { propertyId: 1 }, limit: 10, offset: 0 });
      expect(hidden.errors?.[0].extensions?.code).toMatch(/FORBIDDEN|NOT_FOUND/);
      expect(await inclusionKinds(ADMIN, 1)).not.toContain('CustomInclusion');

      const on = await setAt(1, true);
      expect(on.errors).toBeUndefined();
      expect(on.data.setPropertyFeatureFlag.message).toBe(FLAG_TEXTS.propertyChanged(KEY, 'Sydney Harbour Hotel'));
      const [row] = await app.db.query<{ flag_overrides: unknown }>(
        'select flag_overrides from properties where id = 1',
      );
      expect(row.flag_overrides).toEqual({ [KEY]: true });
      // Staff keep them at this property, its admin sees them on rate plans; property 2 still follows the flag.
      expect(
        (await gql(STAFF, customs.list, { input: { propertyId: 1 }, limit: 10, offset: 0 })).errors,
      ).toBeUndefined();
      expect(await inclusionKinds(ADMIN, 1)).toContain('CustomInclusion');
      expect((await gql(STAFF, customs.list, { input: { propertyId: 2 }, limit: 10, offset: 0 })).errors?.length).toBe(
        1,
      );
      const facts = await gql(ADMIN, 'query { viewer { property(id: 1) { flagOverrides } } }');
      expect(facts.data.viewer.property.flagOverrides).toEqual({ [KEY]: true });
      expect((await gql(STAFF, PROPERTY_DOCS.propertyFlags, { propertyId: 1 })).data.propertyFlags).toEqual([
        expect.objectContaining({ key: KEY, enabled: false, override: true }),
      ]);

      // Back to following each user: the setting is gone.
      expect((await setAt(1, null, 'Pilot over')).errors).toBeUndefined();
      const [after] = await app.db.query<{ flag_overrides: unknown }>(
        'select flag_overrides from properties where id = 1',
      );
      expect(after.flag_overrides).toEqual({});
      expect(await inclusionKinds(ADMIN, 1)).not.toContain('CustomInclusion');

      const settings = await gql(STAFF, PROPERTY_DOCS.featureFlagSettings);
      const history = settings.data.featureFlagSettings.find((f: any) => f.key === KEY).history;
      expect(history.slice(0, 2)).toEqual([
        expect.objectContaining({
          actor: STAFF,
          forProperty: 'Sydney Harbour Hotel',
          enabled: null,
          was: true,
          reason: 'Pilot over',
        }),
        expect.objectContaining({
          actor: STAFF,
          forProperty: 'Sydney Harbour Hotel',
          enabled: true,
          was: null,
          reason: 'Trying it at this hotel first',
        }),
      ]);
      const [trail] = await app.db.query<{ action: string }>(
        "select action from audit_log where property_id = 1 and subject_type = 'FeatureFlag' order by id desc limit 1",
      );
      expect(trail.action).toBe('feature_flag.property');
    } finally {
      await setGlobal(true);
      await app.db.query("update properties set flag_overrides = '{}' where id = 1");
    }
  });

  it('a property set off wins over the flag being on', async () => {
    expect((await setAt(1, false)).errors).toBeUndefined();
    try {
      expect(await inclusionKinds(ADMIN, 1)).not.toContain('CustomInclusion');
      expect(await inclusionKinds(ADMIN, 1)).toContain('GlobalInclusion');
    } finally {
      await setAt(1, null, 'Done');
    }
    expect(await inclusionKinds(ADMIN, 1)).toContain('CustomInclusion');
  });

  it('refuses a flag that does not act on a property, no reason, an unknown property and anyone but staff, changing nothing', async () => {
    const auth = await gql(STAFF, PROPERTY_DOCS.setPropertyFeatureFlag, {
      propertyId: 1,
      key: 'supplier-extranet-new-auth',
      enabled: true,
      reason: 'Not a property flag',
    });
    expect(auth.errors?.[0]).toMatchObject({
      message: FLAG_TEXTS.notPropertyTargeted('supplier-extranet-new-auth'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const noReason = await gql(STAFF, PROPERTY_DOCS.setPropertyFeatureFlag, {
      propertyId: 1,
      key: KEY,
      enabled: true,
      reason: ' ',
    });
    expect(noReason.errors?.[0].message).toBe(CHANGE_REASON_TEXTS.required);
    expect((await setAt(999_999, true)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const asAdmin = await gql(ADMIN, PROPERTY_DOCS.setPropertyFeatureFlag, {
      propertyId: 1,
      key: KEY,
      enabled: false,
      reason: 'My hotel',
    });
    expect(asAdmin.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql(ADMIN, PROPERTY_DOCS.propertyFlags, { propertyId: 1 })).errors?.[0].extensions?.code).toBe(
      'NOT_FOUND',
    );
    const [row] = await app.db.query<{ flag_overrides: unknown }>('select flag_overrides from properties where id = 1');
    expect(row.flag_overrides).toEqual({});
  });
});
