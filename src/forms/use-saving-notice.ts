import { useEffect } from 'react';
import { App } from 'antd';
import { FORM_MESSAGES } from '../../resources/messages';

import { SAVING_NOTICE_DELAY_MS } from '../../resources/timings';

export function useSavingNotice(saving: boolean) {
  const { message } = App.useApp();
  useEffect(() => {
    if (!saving) return;
    const key = 'saving-notice';
    const timer = setTimeout(
      () => message.open({ key, type: 'loading', content: FORM_MESSAGES.savingChanges, duration: 0 }),
      SAVING_NOTICE_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      message.destroy(key);
    };
  }, [saving, message]);
}
