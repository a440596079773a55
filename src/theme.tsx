import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';

import { BRAND } from './brand';

/**
 * The portal's antd theme. The build renders antd's components with it once (scripts/antd-styles-plugin.ts)
 * and ships their styles as a stylesheet, so a page does not compute them as it renders.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    // WCAG AA: links and secondary text at 4.5:1 or more on white and on the page background.
    colorLink: '#0a58a8',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextDescription: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
    // antd's default red (#ff4d4f) is 3.3:1 on white; danger buttons and errors need 4.5:1.
    colorError: '#c62828',
    borderRadius: 6,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  components: {
    // The chosen option in a dropdown: the brand's navy on a pale blue, 11:1 (antd's derived tint
    // with its pale text fell short of AA); the hovered one a lighter grey-blue.
    Select: {
      optionSelectedBg: '#e3edf5',
      optionSelectedColor: BRAND.primary,
      optionActiveBg: '#f0f4f8',
    },
    Menu: {
      itemSelectedBg: '#e3edf5',
      itemSelectedColor: BRAND.primary,
      horizontalItemSelectedColor: BRAND.primary,
    },
  },
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
}
