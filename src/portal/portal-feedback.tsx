import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { ALERT_EXIT_MS, ALERT_SECONDS } from '../../resources/timings';

/** Spec §9: an alert takes 500 ms to leave (antd's own leave animations are shorter). */
const ALERT_EXIT_CSS = `.ant-message-move-up-leave,.ant-notification-fade-leave{animation-duration:${ALERT_EXIT_MS}ms!important}`;

/**
 * antd's message, notification and modal hooks for the portal, and its British English texts (dates,
 * tables, pagination). Only the portal uses them, so they load with it, in a module of their own:
 * the public screens (sign-in first) never download them. The theme comes from the outer ConfigProvider.
 */
export function PortalFeedback({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enGB}>
      <style>{ALERT_EXIT_CSS}</style>
      <AntApp message={{ duration: ALERT_SECONDS, maxCount: 3 }} notification={{ duration: ALERT_SECONDS }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
