/** The switcher's words (issue 30): Ctrl+K / ⌘K anywhere in the portal. */
export const SWITCHER_TEXTS = {
  recent: 'Recent properties',
  properties: 'Properties',
  portal: 'Portal',
  home: 'Home: all properties',
} as const;
