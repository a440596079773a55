import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';

export const BRAND = { primary: '#0b3954', accent: '#f2a541' } as const;

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={enGB}
      theme={{ token: { colorPrimary: BRAND.primary, borderRadius: 6, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
