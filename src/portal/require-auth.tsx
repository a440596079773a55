import type { ReactNode } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useLocation } from 'react-router';
import { Navigate } from '../lib/navigate';
import { PortalShell } from '../layouts/portal-shell';
import type { PortalIdentity } from '../../providers/auth-provider';

/**
 * Spec §2 and §4 for every authenticated route: signed-out visitors go to /sign-in keeping where
 * they were going; an expired password forces the reset; a first login goes to /user-details.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: user, isLoading, isError } = useGetIdentity<PortalIdentity>();
  const location = useLocation();
  if (isLoading) return <PortalShell />;
  if (isError || !user) {
    const to = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/sign-in?to=${encodeURIComponent(to)}`} replace />;
  }
  if (user.passwordHasExpired)
    return <Navigate to="/forgot-password" replace state={{ forced: true, email: user.email }} />;
  if (user.isFirstLogin && !location.pathname.startsWith('/user-details'))
    return <Navigate to="/user-details" replace />;
  return <>{children}</>;
}
