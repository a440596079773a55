import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * Refine's notifications through antd's App notification API. @refinedev/antd's provider does the
 * same but pulls most of that package into the portal's first chunk (~58 kB gzipped); we use no
 * undoable notifications, so a progress notice is simply not shown.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      if (type === 'progress') return;
      notification.open({ key, message, description, type });
    },
    close: (key) => notification.destroy(key),
  };
}
