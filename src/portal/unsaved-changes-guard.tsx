import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useWarnAboutChange } from '@refinedev/core';
import { App } from 'antd';
import { LEAVE_MESSAGES } from '../../resources/messages';

/**
 * Spec §4: leaving a form with unsaved changes asks first, in the portal's own modal (like every other
 * question it asks) instead of the browser's confirm. Every navigation of the data router waits for the
 * answer (a link, a menu item, a button, a replace, back and forward); closing the tab or reloading gets
 * the browser's own prompt, the only one it allows.
 */
export function UnsavedChangesGuard() {
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      warnWhen &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!warnWhen) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = LEAVE_MESSAGES.body;
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [warnWhen]);

  const current = useRef(blocker);
  current.current = blocker;
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    // One question per blocked navigation: a second click meanwhile is the same question.
    modal.confirm({
      title: LEAVE_MESSAGES.title,
      content: LEAVE_MESSAGES.body,
      okText: LEAVE_MESSAGES.leave,
      cancelText: LEAVE_MESSAGES.stay,
      okButtonProps: { danger: true },
      onOk: () => {
        setWarnWhen(false);
        current.current.proceed?.();
      },
      onCancel: () => current.current.reset?.(),
    });
  }, [blocked, modal, setWarnWhen]);
  return null;
}
