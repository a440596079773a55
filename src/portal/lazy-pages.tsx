import { Spin } from 'antd';
import type { SectionKey } from '../../resources/properties/details.resource';
import type { ResourceDef } from '../../resources/define-resource';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component';

/**
 * Pages behind the portal's shell, each its own chunk: a property home never loads the tables,
 * date pickers and forms of the pages the user has not opened. `preload` starts fetching a page's
 * chunk before it renders.
 */
function lazyPage<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): LazyComponent<P> {
  return lazyComponent<P>(load, name, <Spin style={{ display: 'block', margin: '48px auto' }} />, name);
}

export const DetailsSectionPage = lazyPage<{ section: SectionKey }>(
  () => import('../pages/property/details-section.page'),
  'DetailsSectionPage',
);
export const ContactPage = lazyPage(() => import('../pages/property/contact.page'), 'ContactPage');
export const ResourceListPage = lazyPage<{ def: ResourceDef }>(
  () => import('../resources/resource-list.page'),
  'ResourceListPage',
);
export const ResourceFormPage = lazyPage<{ def: ResourceDef; action: 'create' | 'edit' }>(
  () => import('../resources/resource-form.page'),
  'ResourceFormPage',
);
export const ResourceEditPage = lazyPage<{ def: ResourceDef }>(
  () => import('../resources/resource-form.page'),
  'ResourceEditPage',
);
export const ResourceSinglePage = lazyPage<{ def: ResourceDef }>(
  () => import('../resources/resource-single.page'),
  'ResourceSinglePage',
);
export const AccountHomePage = lazyPage(() => import('../pages/account/home.page'), 'HomePage');
export const VerifyEmailPage = lazyPage(() => import('../pages/account/verify-email.page'), 'VerifyEmailPage');
export const GroupDashboardPage = lazyPage(() => import('../pages/group/group-dashboard.page'), 'GroupDashboardPage');
export const ApiHealthPage = lazyPage(() => import('../pages/staff/api-health.page'), 'ApiHealthPage');
export const UserSupportPage = lazyPage(() => import('../pages/staff/user-support.page'), 'UserSupportPage');
export const UserDetailsPage = lazyPage(() => import('../pages/account/user-details.page'), 'UserDetailsPage');
export const UserDetailsUpdatePage = lazyPage(
  () => import('../pages/account/user-details-update.page'),
  'UserDetailsUpdatePage',
);
export const RatesCalendarPage = lazyPage(() => import('../rates/rates-calendar.page'), 'RatesCalendarPage');
export const RatesBulkUpdatePage = lazyPage(() => import('../rates/rates-bulk-update.page'), 'RatesBulkUpdatePage');
export const ReservationsListPage = lazyPage(
  () => import('../reservations/reservations-list.page'),
  'ReservationsListPage',
);
export const ReservationDetailPage = lazyPage(
  () => import('../reservations/reservation-detail.page'),
  'ReservationDetailPage',
);
export const PropertyUsersPage = lazyPage(() => import('../users/users.page'), 'PropertyUsersPage');
export const GroupUsersPage = lazyPage(() => import('../users/users.page'), 'GroupUsersPage');
export const MediaLibraryPage = lazyPage(() => import('../media/media-library.page'), 'MediaLibraryPage');
export const ImageUploadPage = lazyPage(() => import('../media/image-upload.page'), 'ImageUploadPage');
export const ImageEditPage = lazyPage(() => import('../media/image-edit.page'), 'ImageEditPage');
export const TrailsPage = lazyPage(() => import('../trails/trails.page'), 'TrailsPage');
export const AdminPage = lazyPage(() => import('../admin/admin.page'), 'AdminPage');

/**
 * The pages whose first screen the server draws (src/first-screen/draw.server.tsx): those that
 * read and show (the home among them: a staff member's console, a user's properties), and the
 * property's detail sections and a record's edit form, whose fields show their stored values from
 * the first render (useStoredValues). Forms for a new record, a booking's details and the user's
 * own pages are left to the portal.
 */
export const DRAWN_PAGES: ReadonlySet<LazyComponent<never>> = new Set<LazyComponent<never>>([
  AccountHomePage,
  RatesCalendarPage,
  ReservationsListPage,
  ResourceListPage,
  ResourceEditPage,
  GroupDashboardPage,
  MediaLibraryPage,
  PropertyUsersPage,
  GroupUsersPage,
  ContactPage,
  TrailsPage,
  DetailsSectionPage,
] as LazyComponent<never>[]);
