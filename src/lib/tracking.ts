import { PAGE_VIEW_DEBOUNCE_MS } from '../../resources/timings';

/* Spec §7 and §9: events pushed to the data layer; page views are debounced by 300 ms. */

export type TrackingEvent =
  | { event: 'page_view'; path: string; userGroup: string | null }
  | { event: 'click'; label: string; path: string; userGroup: string | null }
  | { event: 'form_submit' | 'form_error' | 'form_success'; form: string; path: string; userGroup: string | null };

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let userGroup: string | null = null;
export const setTrackingUserGroup = (group: string | null) => {
  userGroup = group;
};

type Untagged = TrackingEvent extends infer T ? (T extends unknown ? Omit<T, 'userGroup'> : never) : never;

function push(event: Untagged) {
  (window.dataLayer ??= []).push({ ...event, userGroup });
}

let pageTimer: ReturnType<typeof setTimeout> | undefined;
/** Several route changes in quick succession (redirects) count as one page view: the last. */
export function trackPageView(path: string) {
  clearTimeout(pageTimer);
  pageTimer = setTimeout(() => push({ event: 'page_view', path }), PAGE_VIEW_DEBOUNCE_MS);
}

export function trackClick(label: string) {
  push({ event: 'click', label, path: location.pathname });
}

export function trackForm(kind: 'form_submit' | 'form_error' | 'form_success', form: string) {
  push({ event: kind, form, path: location.pathname });
}

/** Clicks on buttons and links, labelled by their accessible text; form submissions by form name. */
export function installTrackingListeners(): () => void {
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest('a, button, [role="menuitem"]');
    if (!el) return;
    const label = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 80);
    if (label) trackClick(label);
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement;
    trackForm('form_submit', form.id || form.getAttribute('name') || 'form');
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
  };
}
