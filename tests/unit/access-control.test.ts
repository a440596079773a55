import { afterEach, describe, expect, it } from 'vitest';
import { accessControlProvider } from '../../providers/access-control';
import { setCurrentAbility } from '../../abilities/current-ability';
import { defineAbilityFor } from '../../abilities/define-ability';

const property = (over: object = {}) => ({
  id: 1,
  propertyGroupId: null,
  inventoryProvider: 'extranet',
  ratesServiceEnabled: true,
  ...over,
});
const can = async (resource: string, action: string, params?: Record<string, unknown>) =>
  (await accessControlProvider.can({ resource, action, params })).can;

afterEach(() => setCurrentAbility(defineAbilityFor(null)));

describe("Refine's access control answers from the CASL ability", () => {
  it("maps Refine's resource names and actions to the definitions' subjects and the rules' actions", async () => {
    setCurrentAbility(defineAbilityFor({ isStaff: false, memberships: [{ role: 'property_viewer', propertyId: 1 }] }));
    expect(await can('rate-plans', 'list', { property: property() })).toBe(true);
    expect(await can('rate-plans', 'show', { property: property() })).toBe(true);
    expect(await can('rate-plans', 'edit', { property: property() })).toBe(false);
    expect(await can('rate-plans', 'list', { property: property({ id: 2 }) })).toBe(false);
  });

  it('applies the rules that bind everyone, with the property passed', async () => {
    setCurrentAbility(defineAbilityFor({ isStaff: true, memberships: [] }));
    expect(await can('rate-plans', 'create', { property: property() })).toBe(true);
    expect(await can('rate-plans', 'create', { property: property({ inventoryProvider: 'derbysoft' }) })).toBe(false);
    expect(await can('room-types', 'delete', { property: property() })).toBe(true);
  });

  it('checks a named subject, and refuses an unknown resource', async () => {
    setCurrentAbility(defineAbilityFor({ isStaff: false, memberships: [{ role: 'property_admin', propertyId: 1 }] }));
    expect(await can('', 'access', { subject: 'Trails' })).toBe(false);
    expect(await can('no-such-thing', 'list')).toBe(false);
    setCurrentAbility(defineAbilityFor({ isStaff: true, memberships: [] }));
    expect(await can('', 'access', { subject: 'Admin' })).toBe(true);
  });
});
