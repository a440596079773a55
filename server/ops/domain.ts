/** Enumerations of spec §3 that the server stores. */
export const PROPERTY_STATUSES = ['PROSPECTIVE', 'INVITED', 'ONBOARDING', 'UNPUBLISHED', 'PUBLISHED', 'ARCHIVED'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

export const INVENTORY_PROVIDERS = ['derbysoft', 'expedia', 'extranet', 'pegasus', 'siteconnect'] as const;
export type InventoryProvider = (typeof INVENTORY_PROVIDERS)[number];

export const PROPERTY_ROLES = ['property_admin', 'property_editor', 'property_viewer', 'supplier'] as const;
export const GROUP_ROLES = ['property_group_admin', 'property_group_editor', 'property_group_viewer'] as const;
export type PropertyRole = (typeof PROPERTY_ROLES)[number];
export type GroupRole = (typeof GROUP_ROLES)[number];
export type Role = PropertyRole | GroupRole | 'staff';

export const FEATURE_FLAGS = {
  'supplier-extranet-global-inclusions': true,
  'supplier-extranet-custom-inclusions': true,
  'supplier-extranet-expanded-global-inclusions': false,
  'supplier-extranet-new-auth': false,
} as const;
export type FeatureFlagKey = keyof typeof FEATURE_FLAGS;
