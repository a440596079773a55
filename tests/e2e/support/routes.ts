import type { Page } from '@playwright/test';
import { resourceDocuments } from '../../../resources/resource.documents';
import { roomTypeResource } from '../../../resources/room-types/room-type.resource';
import { ratePlanResource } from '../../../resources/rate-plans/rate-plan.resource';

/** Public routes: every page someone signed out can reach, and a not-found one. */
export const PUBLIC_ROUTES = ['/sign-in', '/forgot-password', '/terms', '/contact-us', '/no/such/page'];

/** Property 1's pages that need no record id, as the sweeps visit them. */
export const PROPERTY_PAGES = [
  '',
  '/details/overview',
  '/contacts/primary',
  '/contacts/foo',
  '/rate-plans/overview',
  '/room-types',
  '/images/property',
  '/reservations',
  '/reservations/HX001000',
  '/promotions',
  '/user',
  '/trails',
  '/admin',
  '/inclusions',
];

/** Account-level routes of a signed-in user. */
export const ACCOUNT_ROUTES = ['/', '/user-details', '/user-details/update', '/api-health-check', '/property-groups/1'];

async function firstId(page: Page, def: typeof roomTypeResource | typeof ratePlanResource): Promise<number> {
  const docs = resourceDocuments(def);
  const res = await page.request.post('/graphql', {
    headers: { 'x-correlation-id': `e2e-routes-${Date.now()}` },
    data: { query: docs.list, variables: { input: { propertyId: 1 }, limit: 1, offset: 0 } },
  });
  const body = await res.json();
  const list = Object.values(body.data ?? {})[0] as { nodes: { id: number }[] } | undefined;
  if (!list?.nodes.length) throw new Error(`no ${def.name} on property 1: ${JSON.stringify(body).slice(0, 200)}`);
  return list.nodes[0].id;
}

/**
 * Every page of the portal a signed-in user can be sent to, with property 1's first room type and
 * rate plan for the pages that need a record: the list above, every details and contacts tab, the
 * create and edit forms, the rates calendar and its bulk update, and the group's users page.
 */
export async function everyRoute(page: Page): Promise<string[]> {
  const roomType = await firstId(page, roomTypeResource);
  const ratePlan = await firstId(page, ratePlanResource);
  const property = [
    ...PROPERTY_PAGES,
    '/details/location',
    '/details/facilities',
    '/details/policies',
    '/details/commercial-terms',
    '/details/other',
    '/contacts/billing',
    '/contacts/reservations',
    '/room-types/create',
    `/room-types/${roomType}`,
    '/rate-plans/create',
    `/rate-plans/${ratePlan}`,
    `/rates-and-inventory/${roomType}`,
    `/rates-and-inventory/${roomType}/bulk-update`,
    '/no/such/page',
  ];
  return [...ACCOUNT_ROUTES, '/property-groups/1/users', ...property.map((p) => `/properties/1${p}`)];
}
