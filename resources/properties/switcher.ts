/** The switcher's words (issue 30): Ctrl+K / ⌘K anywhere in the portal. */
export const SWITCHER_TEXTS = {
  recent: 'Recent properties',
  properties: 'Properties',
  groups: 'Property groups',
  groupSize: (n: number) => `Group of ${n} ${n === 1 ? 'property' : 'properties'}`,
  portal: 'Portal',
  home: 'Home: all properties',
} as const;
