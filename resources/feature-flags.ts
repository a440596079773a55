import type { FeatureFlagKey } from './domain';

/**
 * Feature flags with care (issue 30): whom each flag reaches (a staff-only page reaches only staff),
 * and the words of the portal's confirmation, reason and history. The flags and their defaults are
 * FEATURE_FLAGS (domain.ts); what each changes is its stored description.
 */
export const FLAG_AUDIENCE: Record<FeatureFlagKey, 'staff' | 'everyone'> = {
  'supplier-extranet-global-inclusions': 'everyone',
  'supplier-extranet-custom-inclusions': 'staff',
  'supplier-extranet-expanded-global-inclusions': 'everyone',
  'supplier-extranet-new-auth': 'everyone',
};

/** What each flag changes, as staff read it before turning it on or off. */
export const FLAG_DESCRIPTIONS: Record<FeatureFlagKey, string> = {
  'supplier-extranet-global-inclusions':
    "Suppliers can read the brand's global inclusions catalogue and offer its inclusions on their rate plans.",
  'supplier-extranet-custom-inclusions':
    "Staff see each property's custom inclusions page (Inclusions in the property's navigation).",
  'supplier-extranet-expanded-global-inclusions':
    'The global inclusions catalogue offers its expanded entries as well as the standard ones.',
  'supplier-extranet-new-auth':
    'Sign-in uses the newer flow: the portal sends no bearer ID token and the ID token cookie is kept from the page.',
};

/**
 * The flags staff may set per property (issue 30): those that act on a property's own pages. The
 * others act before any property is open (sign-in) or on what every property shares (the global
 * catalogue), so a property's setting would mean nothing.
 */
export const PROPERTY_TARGETED_FLAGS: readonly FeatureFlagKey[] = ['supplier-extranet-custom-inclusions'];
export const isPropertyTargeted = (key: string): key is FeatureFlagKey =>
  (PROPERTY_TARGETED_FLAGS as readonly string[]).includes(key);

export const FLAG_TEXTS = {
  turn: (on: boolean, key: string) => `Turn ${on ? 'on' : 'off'} ${key}?`,
  okText: (on: boolean) => (on ? 'Turn on' : 'Turn off'),
  reach: (users: number, properties: number, overrides: number, audience: 'staff' | 'everyone') =>
    `It reaches ${users} ${audience === 'staff' ? 'staff' : users === 1 ? 'user' : 'users'} across ${properties} ${
      properties === 1 ? 'property' : 'properties'
    }${overrides ? ` (${overrides} more ${overrides === 1 ? 'has' : 'have'} a setting of their own and ${overrides === 1 ? 'keeps it' : 'keep theirs'})` : ''}.`,
  changed: (key: string, on: boolean) => `${key} is now ${on ? 'on' : 'off'}.`,
  userOverride: { follow: 'Follows the flag', on: 'On for this user', off: 'Off for this user' },
  userChanged: (key: string, email: string) => `${key} for ${email} is saved.`,
  propertyOverride: { follow: 'Follows each user', on: 'On at this property', off: 'Off at this property' },
  propertyChanged: (key: string, name: string) => `${key} at ${name} is saved.`,
  notPropertyTargeted: (key: string) => `${key} can't be set per property: it does not act on a property's pages.`,
  propertyFlagsTitle: 'Feature flags at this property',
  propertyFlagsHint: "A setting here wins over each user's own and the flag's.",
  propertiesOwn: (n: number) => `${n} ${n === 1 ? 'property has' : 'properties have'} a setting of its own.`,
  noHistory: 'Not changed since it was made.',
} as const;
