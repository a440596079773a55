/** The portal's own origin; a placeholder outside a browser, where any other origin still differs from it. */
const portalOrigin = () => (typeof location === 'undefined' ? 'https://portal.invalid' : location.origin);
const AUTH_PAGES = /^\/(sign-in|mfa-code|sign-out|users\/sign_in)(\/|$)/;

/**
 * Only same-site paths are followed after sign-in; anything else goes home. The value is resolved
 * as the browser would resolve it (which drops tabs and newlines and reads a backslash as a slash),
 * and kept only when that lands on the portal's own origin, outside the sign-in pages.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, portalOrigin());
  } catch {
    return '/';
  }
  if (url.origin !== portalOrigin() || AUTH_PAGES.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
