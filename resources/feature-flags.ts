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
  noHistory: 'Not changed since it was made.',
} as const;
