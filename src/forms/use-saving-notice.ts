import { useEffect } from 'react';
import { App } from 'antd';
import { FORM_MESSAGES } from '../../resources/messages';

/** Spec §9: the saving notice appears only when a save takes longer than 2 seconds. */
export const SAVING_NOTICE_DELAY_MS = 2000;

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
