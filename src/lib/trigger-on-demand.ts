import { cloneElement, useLayoutEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { useOpenedOnce } from './opened-once';

/** The button that opens a popup: it is given the ref and, until the popup is mounted, the click. */
export type Trigger = ReactElement<{ onClick?: () => void; ref?: Ref<HTMLElement> }>;

/**
 * A popup (a dropdown, a confirmation) opened by a click on its button, and mounted on the first open
 * (src/lib/opened-once.ts says why): until then the button itself opens it. The button is drawn anew
 * inside the popup then, and keeps the focus. Answers the button to show, and the popup's state.
 */
export function useTriggerOnDemand(children: Trigger) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const trigger = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (opened) trigger.current?.focus({ preventScroll: true });
  }, [opened]);
  const button = cloneElement(children, { ref: trigger, onClick: opened ? undefined : () => setOpen(true) });
  return { button, opened, open, setOpen };
}
