/**
 * Screens outside the portal; any other address is the portal's. The server answers these with the
 * page that has no portal frame in it (server/http/static-files.ts), the client loads no portal for them.
 */
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

/** The page the build writes for those screens: index.html without the portal's frame (scripts/portal-shell-plugin.ts). */
export const PUBLIC_PAGE = 'public.html';
