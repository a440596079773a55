import { useState } from 'react';

/**
 * Whether a popup (a drawer, a dropdown) has been opened: its antd component is mounted only from
 * then on. Mounted closed, each sets its state in a layout effect (rc-trigger its target, its
 * alignment and whether the browser is a phone's; rc-drawer that it is mounted), and an update from a
 * layout effect makes React draw again at once, in the task that takes over a drawn page, with every
 * effect of the page run before it (src/router-root.tsx). Opened later, the update is the popup's own.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set while drawing, as React derives state from a prop: the component draws again before it commits.
  if (open && !opened) setOpened(true);
  return opened || open;
}
