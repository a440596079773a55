import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * Refine's notifications as the portal's one toast style: antd's App message, the same as every
 * page's own "Changes saved successfully." (a corner card for some and a toast for others looked like
 * two products). @refinedev/antd's provider would pull most of that package into the first chunk
 * (~58 kB gzipped); we use no undoable notifications, so a progress notice is simply not shown.
 */
export function useNotificationProvider(): NotificationProvider {
  const { message } = App.useApp();
  return {
    open: ({ key, message: title, description, type }) => {
      if (type === 'progress') return;
      message.open({ key, type, content: description ? `${title} ${description}` : title });
    },
    close: (key) => message.destroy(key),
  };
}
