import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { ALERT_SECONDS } from '../theme';

/**
 * antd's message, notification and modal hooks for the portal, and its British English texts (dates,
 * tables, pagination). Only the portal uses them, so they load with it, in a module of their own:
 * the public screens (sign-in first) never download them. The theme comes from the outer ConfigProvider.
 */
export function PortalFeedback({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enGB}>
      <AntApp message={{ duration: ALERT_SECONDS, maxCount: 3 }} notification={{ duration: ALERT_SECONDS }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
