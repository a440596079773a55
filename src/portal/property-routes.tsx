import { RatesIndexPage } from '../rates/rates-index.page';
import { Route, useParams } from 'react-router';
import { Navigate } from '../lib/navigate';
import { PropertyLayout } from '../layouts/property-layout';
import { propertyQuery } from '../layouts/property-outlet';
import { ReadAhead } from './read-ahead';
import { RatesPreload } from '../rates/rates-preload';
import { PropertyHomePage } from '../pages/property/property-home.page';
import {
  AdminPage,
  TrailsPage,
  ContactPage,
  ImageEditPage,
  ImageUploadPage,
  MediaLibraryPage,
  PropertyUsersPage,
  DetailsSectionPage,
  RatesBulkUpdatePage,
  RatesCalendarPage,
  ReservationDetailPage,
  ReservationsListPage,
} from './lazy-pages';
import { resourceRoutes } from '../resources/resource-routes';
import { RESOURCES } from '../../resources/registry';
import { LegacyRoute } from '../properties/legacy-route';
import { NotFoundPage } from '../pages/not-found.page';
import { RequireAuth } from './require-auth';
import { SectionGate } from '../access/section-gate';

/** With no legacy host, details/images opens the media library (spec §2). */
function ToMediaLibrary() {
  const { propertyId } = useParams();
  return <Navigate to={`/properties/${propertyId}/images/property`} replace />;
}

const ratesOff = (p: { ratesServiceEnabled: boolean }) => !p.ratesServiceEnabled;
const edit = (anchor: string) => (_: unknown, p: { id: number }) => `/properties/${p.id}/edit${anchor}`;

/** Spec §2's property routes, with the legacy table's redirects under their conditions (a defined resource brings its own). */
export const propertyRoutes = (
  <Route
    path="properties/:propertyId"
    element={
      <>
        {/* The property's read, the page's chunk and a calendar's months start beside the session check, not after it. */}
        <ReadAhead param="propertyId" read={propertyQuery} routes={() => propertyRoutes} />
        <RatesPreload />
        <RequireAuth>
          <PropertyLayout />
        </RequireAuth>
      </>
    }
  >
    <Route index element={<PropertyHomePage />} />
    <Route path="details" element={<Navigate to="overview" replace />} />
    <Route path="details/overview" element={<DetailsSectionPage section="overview" />} />
    <Route path="details/location" element={<DetailsSectionPage section="location" />} />
    <Route path="details/facilities" element={<DetailsSectionPage section="facilities" />} />
    <Route
      path="details/policies"
      element={
        <LegacyRoute to={edit('#policies')}>
          <DetailsSectionPage section="policies" />
        </LegacyRoute>
      }
    />
    <Route
      path="details/commercial-terms"
      element={
        <LegacyRoute to={edit('#commercial_terms')}>
          <DetailsSectionPage section="commercial-terms" />
        </LegacyRoute>
      }
    />
    <Route
      path="details/images"
      element={
        <LegacyRoute to={edit('#images')}>
          <ToMediaLibrary />
        </LegacyRoute>
      }
    />
    <Route
      path="details/other"
      element={
        <LegacyRoute to={edit('')}>
          <DetailsSectionPage section="other" />
        </LegacyRoute>
      }
    />
    <Route path="contacts" element={<Navigate to="primary" replace />} />
    <Route path="contacts/:contactType" element={<ContactPage />} />
    <Route path="reservations" element={<ReservationsListPage />} />
    <Route path="reservations/:hotelRef" element={<ReservationDetailPage />} />
    <Route path="rate-plans" element={<Navigate to="overview" replace />} />
    {resourceRoutes(RESOURCES)}
    <Route path="rates-and-inventory" element={<RatesIndexPage />} />
    <Route
      path="rates-and-inventory/:roomTypeId/bulk-update"
      element={
        <LegacyRoute
          when={ratesOff}
          to={(params) => `/bulk_inventories/${params.roomTypeId}/edit`}
          without={<NotFoundPage inline />}
        >
          <RatesBulkUpdatePage />
        </LegacyRoute>
      }
    />
    <Route
      path="rates-and-inventory/:roomTypeId"
      element={
        <LegacyRoute
          when={ratesOff}
          to={(params) => `/inventories/${params.roomTypeId}`}
          without={<NotFoundPage inline />}
        >
          <RatesCalendarPage />
        </LegacyRoute>
      }
    />
    <Route path="images" element={<Navigate to="property" replace />} />
    <Route path="images/:section" element={<MediaLibraryPage />} />
    <Route path="images/:section/upload" element={<ImageUploadPage />} />
    <Route path="images/:section/edit" element={<ImageEditPage />} />
    <Route path="images/:section/*" element={<NotFoundPage />} />
    <Route
      path="user"
      element={
        <SectionGate navKey="user">
          <PropertyUsersPage />
        </SectionGate>
      }
    />
    <Route
      path="trails"
      element={
        <SectionGate navKey="trails">
          <LegacyRoute to={(_, p) => `/properties/${p.id}/trails`}>
            <TrailsPage />
          </LegacyRoute>
        </SectionGate>
      }
    />
    <Route
      path="admin"
      element={
        <SectionGate navKey="admin">
          <AdminPage />
        </SectionGate>
      }
    />
    <Route path="*" element={<NotFoundPage inline />} />
  </Route>
);
