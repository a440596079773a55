/** Screens outside the portal; any other address is the portal's. */
export const PUBLIC_PATHS = [
  '/sign-in', // first: the entry draws it before the router (src/main.tsx)
  '/users/sign_in',
  '/mfa-code',
  '/forgot-password',
  '/reset-password',
  '/sign-out',
  '/accept-invitation',
  '/terms',
  '/contact-us',
];

/** Whether this page load is the portal's (not a public screen): its chunk is wanted at once. */
export const onPortalPath = () => typeof location !== 'undefined' && !PUBLIC_PATHS.includes(location.pathname);

/** The portal's chunk (one import, shared by the entry's early start and the route that shows it). */
export const loadPortal = () => import('./portal/portal-app');
