/** Screens outside the portal; any other address is the portal's. */
export const PUBLIC_PATHS = [
  '/sign-in',
  '/users/sign_in',
  '/mfa-code',
  '/forgot-password',
  '/reset-password',
  '/sign-out',
  '/accept-invitation',
  '/terms',
  '/contact-us',
];

/** The portal's chunk (one import, shared by the entry's early start and the route that shows it). */
export const loadPortal = () => import('./portal/portal-app');
