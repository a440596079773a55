import { PUBLIC_PATHS } from '../resources/public-paths';

/** Whether this page load is the portal's (not a public screen): its chunk is wanted at once. */
export const onPortalPath = () => typeof location !== 'undefined' && !PUBLIC_PATHS.includes(location.pathname);

/**
 * The portal's chunk (one import, shared by the entry's early start and the route that shows it),
 * ready once the chunks of the pages a drawn page showed are in too (src/first-screen).
 */
export const loadPortal = () =>
  import('./portal/portal-app').then((portal) => portal.drawnPagesLoaded.then(() => portal));
