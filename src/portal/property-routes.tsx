import { Navigate, Route } from 'react-router';
import { PropertyLayout } from '../layouts/property-layout';
import { PropertyHomePage } from '../pages/property/property-home.page';
import { SectionPage } from '../pages/property/section.page';
import { ContactPage, DetailsSectionPage } from './lazy-pages';
import { resourceRoutes, type LegacyPages } from '../resources/resource-routes';
import { RESOURCES } from '../../resources/registry';
import { LegacyRoute } from '../properties/legacy-route';
import { NotFoundPage } from '../pages/not-found.page';
import { RequireAuth } from './require-auth';

const ratesOff = (p: { ratesServiceEnabled: boolean }) => !p.ratesServiceEnabled;
const ratePlansOff = (p: { ratePlansServiceEnabled: boolean }) => !p.ratePlansServiceEnabled;
/** The legacy table's rows for pages built from resource definitions. */
const LEGACY_PAGES: Record<string, LegacyPages> = {
  'rate-plans': { when: ratePlansOff, list: (_, p) => `/properties/${p.id}/offers`, create: (_, p) => `/properties/${p.id}/offers/new`, edit: (_, p) => `/inventories/${p.id}` },
  'room-types': { list: (_, p) => `/properties/${p.id}/room_types` },
};
const edit = (anchor: string) => (_: unknown, p: { id: number }) => `/properties/${p.id}/edit${anchor}`;

/** Spec §2's property routes, with the legacy table's redirects under their conditions. */
export const propertyRoutes = (
  <Route path="properties/:propertyId" element={<RequireAuth><PropertyLayout /></RequireAuth>}>
    <Route index element={<PropertyHomePage />} />
    <Route path="details" element={<Navigate to="overview" replace />} />
    <Route path="details/overview" element={<DetailsSectionPage section="overview" />} />
    <Route path="details/location" element={<DetailsSectionPage section="location" />} />
    <Route path="details/facilities" element={<DetailsSectionPage section="facilities" />} />
    <Route path="details/policies" element={<LegacyRoute to={edit('#policies')}><DetailsSectionPage section="policies" /></LegacyRoute>} />
    <Route path="details/commercial-terms" element={<LegacyRoute to={edit('#commercial_terms')}><DetailsSectionPage section="commercial-terms" /></LegacyRoute>} />
    <Route path="details/images" element={<LegacyRoute to={edit('#images')}><SectionPage title="Property images" /></LegacyRoute>} />
    <Route path="details/other" element={<LegacyRoute to={edit('')}><SectionPage title="Other details" /></LegacyRoute>} />
    <Route path="contacts" element={<Navigate to="primary" replace />} />
    <Route path="contacts/:contactType" element={<ContactPage />} />
    <Route path="reservations" element={<SectionPage title="Reservations" />} />
    <Route path="reservations/:hotelRef" element={<SectionPage title="Reservation" />} />
    <Route path="promotions/*" element={<SectionPage title="Promotions" />} />
    <Route path="rate-plans" element={<Navigate to="overview" replace />} />
    {resourceRoutes(RESOURCES, LEGACY_PAGES)}
    <Route path="rates-and-inventory/:roomTypeId/bulk-update" element={<LegacyRoute when={ratesOff} to={(params) => `/bulk_inventories/${params.roomTypeId}/edit`}><SectionPage title="Bulk update rates and inventory" /></LegacyRoute>} />
    <Route path="rates-and-inventory/:roomTypeId" element={<LegacyRoute when={ratesOff} to={(params) => `/inventories/${params.roomTypeId}`}><SectionPage title="Rates and inventory" /></LegacyRoute>} />
    <Route path="images" element={<Navigate to="property" replace />} />
    <Route path="images/:section/*" element={<SectionPage title="Media library" />} />
    <Route path="user" element={<SectionPage title="Users" />} />
    <Route path="trails" element={<LegacyRoute to={(_, p) => `/properties/${p.id}/trails`}><SectionPage title="Trails" /></LegacyRoute>} />
    <Route path="admin" element={<SectionPage title="Admin" />} />
    <Route path="*" element={<NotFoundPage inline />} />
  </Route>
);
