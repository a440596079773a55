import { describe, expect, it } from 'vitest';
import { USER_MESSAGES, grantRefusal, grantableRoles, type Granter } from '../../resources/users/user-rules';

const property = { kind: 'property' as const, propertyId: 7, propertyGroupId: 3 };
const group = { kind: 'group' as const, propertyGroupId: 3 };
const as = (role: string, where: { propertyId?: number; propertyGroupId?: number }): Granter => ({
  isStaff: false,
  memberships: [{ role: role as never, ...where }],
});

describe('grant rules (issue 28)', () => {
  it('offers each granter exactly the roles the API takes from them', () => {
    expect(grantableRoles(as('property_admin', { propertyId: 7 }), property)).toEqual([
      'property_admin',
      'property_editor',
      'property_viewer',
      'supplier',
    ]);
    expect(grantableRoles(as('property_admin', { propertyId: 8 }), property)).toEqual([]);
    // By level alone (the ability keeps editors off the users operations altogether).
    expect(grantableRoles(as('property_editor', { propertyId: 7 }), property)).toEqual([
      'property_editor',
      'property_viewer',
      'supplier',
    ]);
    expect(grantableRoles(as('property_group_admin', { propertyGroupId: 3 }), property)).toHaveLength(4);
    expect(grantableRoles(as('property_group_admin', { propertyGroupId: 3 }), group)).toEqual([
      'property_group_admin',
      'property_group_editor',
      'property_group_viewer',
    ]);
    expect(grantableRoles(as('property_admin', { propertyId: 7 }), group)).toEqual([]);
    expect(grantableRoles({ isStaff: true, memberships: [] }, group)).toHaveLength(3);
  });

  it('says why a role cannot be granted', () => {
    const admin = as('property_admin', { propertyId: 7 });
    expect(grantRefusal(admin, property, 'staff')).toBe(USER_MESSAGES.staffRole);
    expect(grantRefusal({ isStaff: true, memberships: [] }, property, 'staff')).toBe(USER_MESSAGES.staffRole);
    expect(grantRefusal(admin, property, 'property_group_viewer')).toBe(USER_MESSAGES.groupRoleOnProperty);
    expect(grantRefusal(admin, group, 'property_viewer')).toBe(USER_MESSAGES.propertyRoleOnGroup);
    expect(grantRefusal(as('property_viewer', { propertyId: 7 }), property, 'property_editor')).toBe(
      USER_MESSAGES.aboveOwn,
    );
    expect(grantRefusal(admin, property, 'supplier')).toBeNull();
  });
});
