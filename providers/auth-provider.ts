import type { AuthProvider } from '@refinedev/core';
import { AUTH_DOCS, type PortalUser, type ViewerData } from '../resources/auth/auth.documents';
import { gqlRequest, GqlError } from './graphql-request';
import { deleteCookie } from './browser-cookies';

export type PortalIdentity = PortalUser & {
  flags: Record<string, boolean>;
  propertyGroupId: number | null;
  memberships: ViewerData['viewer']['memberships'];
};

/**
 * Refine's auth provider for the portal. Signing in itself happens on the light public screens
 * (password → emailed code); here the portal checks the session, reads the identity, and turns
 * UNAUTHENTICATED from any call into a trip to /sign-in.
 */
/** The portal's identity from the UserAttributes answer (also from the one a server-drawn page came with). */
export const identityOf = ({ viewer }: ViewerData): PortalIdentity => ({
  ...viewer.user,
  propertyGroupId: viewer.attributes.propertyGroupId,
  memberships: viewer.memberships,
  flags: Object.fromEntries(viewer.featureFlags.map((f) => [f.key, f.enabled])),
});

/** Refine calls check() and getIdentity() together: they share one UserAttributes request in flight. */
let viewerInFlight: Promise<ViewerData> | null = null;
function fetchViewer(): Promise<ViewerData> {
  viewerInFlight ??= gqlRequest<ViewerData>(AUTH_DOCS.userAttributes).finally(() => {
    viewerInFlight = null;
  });
  return viewerInFlight;
}

export const authProvider: AuthProvider = {
  async login() {
    return { success: false, redirectTo: '/sign-in' };
  },
  async check() {
    try {
      await fetchViewer();
      return { authenticated: true };
    } catch {
      return { authenticated: false, redirectTo: '/sign-in', logout: true };
    }
  },
  async getIdentity(): Promise<PortalIdentity | null> {
    try {
      return identityOf(await fetchViewer());
    } catch (error) {
      if (error instanceof GqlError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  },
  async logout() {
    await gqlRequest(AUTH_DOCS.logout).catch(() => undefined);
    deleteCookie('id_token');
    return { success: true, redirectTo: '/sign-in' };
  },
  async onError(error: { statusCode?: number; code?: string }) {
    if (error?.statusCode === 401 || error?.code === 'UNAUTHENTICATED') return { logout: true, redirectTo: '/sign-in' };
    return {};
  },
  async getPermissions() {
    return null;
  },
};
