import { Refine } from '@refinedev/core';
import { portalRouterProvider } from './router-provider';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useNotificationProvider } from '../../providers/notification-provider';
import { Outlet, Route, Routes } from 'react-router';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createPortalDataProvider } from '../../providers/data-provider';
import { createAuditLogProvider } from '../../providers/audit-log-provider';
import { authProvider } from '../../providers/auth-provider';
import { readIdToken } from '../../providers/graphql-request';
import { RequireAuth } from './require-auth';
import { AccountLayout } from '../layouts/account-layout';
import { NotFoundPage } from '../pages/not-found.page';
import { accessControlProvider } from '../../providers/access-control';
import { AbilityProvider } from '../access/ability';
import { propertyRoutes } from './property-routes';
import {
  AccountHomePage,
  ApiHealthPage,
  UserSupportPage,
  GroupDashboardPage,
  GroupUsersPage,
  UserDetailsPage,
  UserDetailsUpdatePage,
  VerifyEmailPage,
} from './lazy-pages';
import { GroupLayout } from '../layouts/group-layout';
import { groupQuery } from '../layouts/property-outlet';
import { ReadAhead } from './read-ahead';
import { GroupUsersGate } from '../access/group-users-gate';
import { Navigate } from '../lib/navigate';
import { refineResources } from '../resources/resource-paths';
import { RESOURCES } from '../../resources/registry';
import { PortalFeedback } from './portal-feedback';
import { LazySwitcher } from '../switcher/lazy-switcher';
import { ViewAsBanner } from '../switcher/view-as-banner';
import { SeededReads, loadDrawnPages } from '../first-screen/first-reads';
import { takeFirstReads, type FirstReads } from '../first-screen/drawn-reads';
import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider } from '@refinedev/core';
import { PORTAL_QUERIES } from './portal-queries';

/** The account's routes: the home (a staff member's console, or a user's properties) and the user's own pages. */
const accountRoutes = (
  <Route
    element={
      <>
        {/* The page's chunk starts beside the session check, not after it. */}
        <ReadAhead routes={() => accountRoutes} />
        <RequireAuth>
          <AccountLayout>
            <Outlet />
          </AccountLayout>
        </RequireAuth>
      </>
    }
  >
    <Route index element={<AccountHomePage />} />
    <Route path="verify-email" element={<VerifyEmailPage />} />
    <Route path="user-details" element={<UserDetailsPage />} />
    <Route path="user-details/update" element={<UserDetailsUpdatePage />} />
    <Route path="api-health-check" element={<ApiHealthPage />} />
    <Route path="staff/users/:userId" element={<UserSupportPage />} />
  </Route>
);

/** A group's routes (spec §2): its dashboard and its users. */
const groupRoutes = (
  <Route
    path="property-groups/:propertyGroupId"
    element={
      <>
        {/* The group's read and the page's chunk start beside the session check, not after it. */}
        <ReadAhead param="propertyGroupId" read={groupQuery} routes={() => groupRoutes} />
        <RequireAuth>
          <GroupLayout />
        </RequireAuth>
      </>
    }
  >
    <Route index element={<GroupDashboardPage />} />
    <Route
      path="users"
      element={
        <GroupUsersGate>
          <GroupUsersPage />
        </GroupUsersGate>
      }
    />
  </Route>
);

const dataProvider = createPortalDataProvider(createGraphqlClient({ getBearerToken: readIdToken }));
const auditLogProvider = createAuditLogProvider(dataProvider);

/** On a page the server drew, the chunks of the pages it showed: the portal's chunk is ready once they are too (src/public-paths.ts). */
export const drawnPagesLoaded = loadDrawnPages();

/**
 * Everything behind sign-in: Refine with our providers. Loaded only once a portal route is visited.
 * `drawing`: the server drawing a page (src/first-screen/draw.server.tsx) gives the cache it reads
 * into and a data provider over its own GraphQL. In the browser, a page the server drew comes with
 * the reads it was drawn from, and the portal starts from them.
 */
export default function PortalApp(props: { drawing?: { client: QueryClient; dataProvider: DataProvider } }) {
  const [reads] = useState<FirstReads | null>(() => (props.drawing ? null : takeFirstReads()));
  return (
    <PortalFeedback>
      <Refine
        dataProvider={props.drawing?.dataProvider ?? dataProvider}
        auditLogProvider={auditLogProvider}
        resources={refineResources(RESOURCES)}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        routerProvider={portalRouterProvider}
        notificationProvider={useNotificationProvider}
        options={{
          disableTelemetry: true,
          // Refine's route-change handler calls the auth provider's check() on every address and drops
          // its answer: a UserAttributes read per page for nothing (the identity is read on focus and
          // every minute, and any UNAUTHENTICATED answer signs out), the first one beside a drawn page's.
          disableRouteChangeHandler: true,
          warnWhenUnsavedChanges: true,
          reactQuery: { clientConfig: props.drawing?.client ?? PORTAL_QUERIES },
        }}
      >
        <SeededReads reads={reads}>
          <AbilityProvider>
            <Routes>
              {accountRoutes}
              {propertyRoutes}
              {groupRoutes}
              <Route path="admin" element={<Navigate to="/" replace />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
            <LazySwitcher />
            <ViewAsBanner />
          </AbilityProvider>
        </SeededReads>
        <UnsavedChangesGuard />
      </Refine>
    </PortalFeedback>
  );
}
