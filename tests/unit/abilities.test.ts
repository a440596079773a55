import { describe, expect, it } from 'vitest';
import { defineAbilityFor, on, type AbilityUser, type Action, type Subject } from '../../abilities/define-ability';
import { analyticsGroup } from '../../abilities/analytics-group';

const P1 = { propertyId: 1, propertyGroupId: null, inventoryProvider: 'extranet', ratesServiceEnabled: true };
const P2 = { propertyId: 2, propertyGroupId: 7, inventoryProvider: 'extranet', ratesServiceEnabled: true };
const staff: AbilityUser = { isStaff: true, memberships: [] };
const member = (role: string, target: { propertyId?: number; propertyGroupId?: number }): AbilityUser => ({
  isStaff: false,
  memberships: [{ role: role as never, ...target }],
});
const ON_FLAGS = { 'supplier-extranet-custom-inclusions': true };

type Row = [string, AbilityUser, Action, Exclude<Subject, 'all'>, object | null, boolean, Record<string, boolean>?];
const rows: Row[] = [
  // Rate plans: create/edit/delete only with a provider that exists and is neither derbysoft nor expedia.
  ...(['create', 'update', 'delete'] as Action[]).flatMap((a): Row[] => [
    [`${a} rate plan, extranet`, staff, a, 'RatePlan', { ...P1 }, true],
    [`${a} rate plan, pegasus`, staff, a, 'RatePlan', { ...P1, inventoryProvider: 'pegasus' }, true],
    [
      `${a} rate plan, siteconnect`,
      member('property_admin', { propertyId: 1 }),
      a,
      'RatePlan',
      { ...P1, inventoryProvider: 'siteconnect' },
      true,
    ],
    [`${a} rate plan, derbysoft`, staff, a, 'RatePlan', { ...P1, inventoryProvider: 'derbysoft' }, false],
    [
      `${a} rate plan, expedia`,
      member('property_admin', { propertyId: 1 }),
      a,
      'RatePlan',
      { ...P1, inventoryProvider: 'expedia' },
      false,
    ],
    [`${a} rate plan, no provider`, staff, a, 'RatePlan', { ...P1, inventoryProvider: null }, false],
  ]),
  [
    'read rate plans, derbysoft',
    member('property_viewer', { propertyId: 1 }),
    'read',
    'RatePlan',
    { ...P1, inventoryProvider: 'derbysoft' },
    true,
  ],
  // Rates and inventory: rates service on and provider extranet.
  [
    'edit rates, extranet + service on',
    member('property_editor', { propertyId: 1 }),
    'update',
    'RatesInventory',
    { ...P1 },
    true,
  ],
  ['edit rates, service off', staff, 'update', 'RatesInventory', { ...P1, ratesServiceEnabled: false }, false],
  ['edit rates, siteconnect', staff, 'update', 'RatesInventory', { ...P1, inventoryProvider: 'siteconnect' }, false],
  ['edit rates, viewer', member('property_viewer', { propertyId: 1 }), 'update', 'RatesInventory', { ...P1 }, false],
  // view:users: staff, property_admin, property_group_admin.
  ['view users, staff', staff, 'view', 'Users', { ...P1 }, true],
  ['view users, property_admin', member('property_admin', { propertyId: 1 }), 'view', 'Users', { ...P1 }, true],
  [
    'view users, property_group_admin',
    member('property_group_admin', { propertyGroupId: 7 }),
    'view',
    'Users',
    { ...P2 },
    true,
  ],
  ['view users, property_editor', member('property_editor', { propertyId: 1 }), 'view', 'Users', { ...P1 }, false],
  ['view users, supplier', member('supplier', { propertyId: 1 }), 'view', 'Users', { ...P1 }, false],
  ['view users, property_viewer', member('property_viewer', { propertyId: 1 }), 'view', 'Users', { ...P1 }, false],
  [
    'view users, property_group_editor',
    member('property_group_editor', { propertyGroupId: 7 }),
    'view',
    'Users',
    { ...P2 },
    false,
  ],
  [
    'view users, admin of another property',
    member('property_admin', { propertyId: 1 }),
    'view',
    'Users',
    { ...P2 },
    false,
  ],
  // View property group: staff or property_group_admin.
  ['view group, staff', staff, 'view', 'PropertyGroup', { propertyGroupId: 7 }, true],
  [
    'view group, its admin',
    member('property_group_admin', { propertyGroupId: 7 }),
    'view',
    'PropertyGroup',
    { propertyGroupId: 7 },
    true,
  ],
  [
    "view group, another group's admin",
    member('property_group_admin', { propertyGroupId: 8 }),
    'view',
    'PropertyGroup',
    { propertyGroupId: 7 },
    false,
  ],
  [
    'view group, its editor',
    member('property_group_editor', { propertyGroupId: 7 }),
    'view',
    'PropertyGroup',
    { propertyGroupId: 7 },
    false,
  ],
  [
    'view group, its viewer',
    member('property_group_viewer', { propertyGroupId: 7 }),
    'view',
    'PropertyGroup',
    { propertyGroupId: 7 },
    false,
  ],
  // Custom inclusions: staff only, with the flag on.
  ['custom inclusions, staff + flag', staff, 'manage', 'CustomInclusion', { ...P1 }, true, ON_FLAGS],
  ['custom inclusions, staff, flag off', staff, 'manage', 'CustomInclusion', { ...P1 }, false, {}],
  // Issue 30: a property's own setting of the flag wins over the user's value, both ways.
  [
    'custom inclusions, staff, flag off but on at this property',
    staff,
    'manage',
    'CustomInclusion',
    { ...P1, flagOverrides: { 'supplier-extranet-custom-inclusions': true } },
    true,
    {},
  ],
  [
    'custom inclusions, staff, flag on but off at this property',
    staff,
    'manage',
    'CustomInclusion',
    { ...P1, flagOverrides: { 'supplier-extranet-custom-inclusions': false } },
    false,
    ON_FLAGS,
  ],
  [
    'custom inclusions, admin reads them where the property turns the flag on',
    member('property_admin', { propertyId: 1 }),
    'read',
    'CustomInclusion',
    { ...P1, flagOverrides: { 'supplier-extranet-custom-inclusions': true } },
    true,
    {},
  ],
  [
    'custom inclusions, admin reads none where the flag is off and the property has no setting',
    member('property_admin', { propertyId: 1 }),
    'read',
    'CustomInclusion',
    { ...P1, flagOverrides: {} },
    false,
    {},
  ],
  [
    'custom inclusions, admin reads none where the property turns the flag off',
    member('property_admin', { propertyId: 1 }),
    'read',
    'CustomInclusion',
    { ...P1, flagOverrides: { 'supplier-extranet-custom-inclusions': false } },
    false,
    ON_FLAGS,
  ],
  [
    'custom inclusions, admin + flag',
    member('property_admin', { propertyId: 1 }),
    'manage',
    'CustomInclusion',
    { ...P1 },
    false,
    ON_FLAGS,
  ],
  // Staff-only areas.
  ...(['Admin', 'Trails', 'HealthCheck', 'PreviousProperty', 'FeatureFlag', 'PropertyStatus'] as const).flatMap(
    (s): Row[] => [
      [
        `${s}, staff`,
        staff,
        s === 'PropertyStatus' ? 'update' : 'access',
        s,
        s === 'PropertyStatus' ? { ...P1 } : null,
        true,
      ],
      [
        `${s}, property_admin`,
        member('property_admin', { propertyId: 1 }),
        s === 'PropertyStatus' ? 'update' : 'access',
        s,
        s === 'PropertyStatus' ? { ...P1 } : null,
        false,
      ],
      [
        `${s}, group admin`,
        member('property_group_admin', { propertyGroupId: 7 }),
        s === 'PropertyStatus' ? 'update' : 'access',
        s,
        s === 'PropertyStatus' ? { ...P2 } : null,
        false,
      ],
    ],
  ),
  // Tenancy and levels: viewers read, editors edit content, a group role covers the group's properties.
  ['read own property', member('property_viewer', { propertyId: 1 }), 'read', 'Property', { ...P1 }, true],
  ['read another property', member('property_admin', { propertyId: 1 }), 'read', 'Property', { ...P2 }, false],
  ['viewer edits content', member('property_viewer', { propertyId: 1 }), 'update', 'Contact', { ...P1 }, false],
  ['editor edits content', member('property_editor', { propertyId: 1 }), 'update', 'Contact', { ...P1 }, true],
  ['supplier edits content', member('supplier', { propertyId: 1 }), 'update', 'Property', { ...P1 }, true],
  [
    'group editor edits a group property',
    member('property_group_editor', { propertyGroupId: 7 }),
    'update',
    'Property',
    { ...P2 },
    true,
  ],
  [
    'group viewer edits a group property',
    member('property_group_viewer', { propertyGroupId: 7 }),
    'update',
    'Property',
    { ...P2 },
    false,
  ],
  [
    'group admin reads outside the group',
    member('property_group_admin', { propertyGroupId: 7 }),
    'read',
    'Property',
    { ...P1 },
    false,
  ],
  ['signed out reads nothing', null as unknown as AbilityUser, 'read', 'Property', { ...P1 }, false],
];

describe('defineAbilityFor (spec §6)', () => {
  it.each(rows)('%s', (_name, user, action, subjectType, attrs, expected, flags = ON_FLAGS) => {
    const ability = defineAbilityFor(user, { flags });
    expect(ability.can(action, attrs ? on(subjectType, attrs) : subjectType)).toBe(expected);
  });

  it(`covers ${rows.length} cases`, () => expect(rows.length).toBeGreaterThan(50));
});

describe('analytics grouping (spec §6)', () => {
  it('counts the five staff groups as staff and everything else as supplier', () => {
    for (const g of [
      'finance_staff',
      'general_staff',
      'customer_service_admin',
      'customer_service_representative',
      'inventory_read_only',
    ]) {
      expect(analyticsGroup([g])).toBe('staff');
    }
    expect(analyticsGroup(['property_admin'])).toBe('supplier');
    expect(analyticsGroup([])).toBe('supplier');
    expect(analyticsGroup(['staff'])).toBe('staff');
  });
});
