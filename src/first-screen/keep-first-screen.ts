import { FIRST_SCREEN_ID } from '../../resources/first-screen';
import { SHELL_CLASS } from '../layouts/portal-shell';

/**
 * On a page the server drew (server/http/first-screen.ts), keeps its drawing on screen while the
 * portal renders hidden beside it, and swaps the two in the same task as the portal's first render
 * that shows a page (anything but its loading frame): the loading frame never blinks over a page
 * already drawn, and nothing is ever on screen twice.
 */
export function keepFirstScreen(root: HTMLElement): void {
  const drawn = document.getElementById(FIRST_SCREEN_ID);
  if (!drawn) return;
  const observer = new MutationObserver(() => {
    if (!root.firstElementChild || root.getElementsByClassName(SHELL_CLASS).length > 0) return;
    observer.disconnect();
    drawn.remove();
    root.hidden = false;
  });
  observer.observe(root, { childList: true, subtree: true });
}
