/**
 * The brand's colours, once: antd's theme takes them (src/theme.tsx), the portal's own stylesheets
 * read them and antd's derived field colours as CSS custom properties (scripts/theme-variables-plugin.ts),
 * and the emails write them inline.
 */
export const BRAND = {
  primary: '#0b3954',
  accent: '#f2a541',
  /** The keyboard's focus ring where antd draws none of its own (links and plain buttons). */
  focusRing: '#91b5d0',
} as const;
