import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { useWarnAboutChange } from '@refinedev/core';
import { App } from 'antd';
import { LEAVE_MESSAGES } from '../../resources/messages';

/**
 * Spec §4: leaving a form with unsaved changes asks first, in the portal's own modal (like every other
 * question it asks) instead of the browser's confirm. A link, a menu item or a button that navigates
 * waits for the answer; closing the tab or reloading gets the browser's own prompt, the only one it allows.
 */
export function UnsavedChangesGuard() {
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { modal } = App.useApp();
  useEffect(() => {
    if (!warnWhen) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = LEAVE_MESSAGES.body;
    };
    window.addEventListener('beforeunload', beforeUnload);
    const { push, go } = navigator;
    let asking = false;
    const ask = (leave: () => void) => {
      if (asking) return; // a second click while the question is open is the same question
      asking = true;
      modal.confirm({
        title: LEAVE_MESSAGES.title,
        content: LEAVE_MESSAGES.body,
        okText: LEAVE_MESSAGES.leave,
        cancelText: LEAVE_MESSAGES.stay,
        okButtonProps: { danger: true },
        onOk: () => {
          setWarnWhen(false);
          leave();
        },
        afterClose: () => {
          asking = false;
        },
      });
    };
    navigator.push = (...args: Parameters<typeof push>) => ask(() => push(...args));
    navigator.go = (...args: Parameters<typeof go>) => ask(() => go(...args));
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      navigator.push = push;
      navigator.go = go;
    };
  }, [warnWhen, setWarnWhen, navigator, modal]);
  return null;
}
