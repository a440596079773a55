import type { Page } from '@playwright/test';
import { resourceDocuments } from '../../../resources/resource.documents';
import { roomTypeResource } from '../../../resources/room-types/room-type.resource';
import { RESOURCES } from '../../../resources/registry';
import type { ResourceDef } from '../../../resources/define-resource';

/** Public routes: every page someone signed out can reach, and a not-found one. */
export const PUBLIC_ROUTES = [
  '/sign-in',
  '/forgot-password',
  '/terms',
  '/contact-us',
  '/accept-invitation?token=1.nope',
  '/no/such/page',
];

/** Property 1's pages that need no record id, as the sweeps visit them. */
export const PROPERTY_PAGES = [
  '',
  '/details/overview',
  '/contacts/primary',
  '/contacts/foo',
  '/images/property',
  '/images/room-types/upload',
  '/images/property/edit',
  '/reservations',
  '/reservations/HX001000',
  '/user',
  '/trails',
  '/admin',
  // Each defined resource's list, from the registry: a resource someone adds is swept too.
  ...RESOURCES.filter((d) => d.routes && !d.parent && !d.single).map((d) => `/${d.routes!.list}`),
];

/** Account-level routes of a signed-in user. */
/** Account pages (a user's support page, /staff/users/2, is staff's; others are sent home from it). */
export const ACCOUNT_ROUTES = [
  '/',
  '/user-details',
  '/user-details/update',
  '/api-health-check',
  '/staff/users/2',
  '/property-groups/1',
];

/** The id of the resource's first row on property 1 that this user can read, or null when there is none (or no access). */
async function firstId(page: Page, def: ResourceDef): Promise<number | null> {
  const docs = resourceDocuments(def);
  const res = await page.request.post('/graphql', {
    headers: { 'x-correlation-id': `e2e-routes-${Date.now()}` },
    data: { query: docs.list, variables: { input: { propertyId: 1 }, limit: 1, offset: 0 } },
  });
  const body = await res.json();
  const list = Object.values(body.data ?? {})[0] as { nodes: { id: number }[] } | undefined;
  return list?.nodes[0]?.id ?? null;
}

/**
 * Every page of the portal a signed-in user can be sent to, with property 1's first row of each
 * defined resource for the pages that need a record: the list above, every details and contacts
 * tab, each resource's create and edit forms, the rates calendar and its bulk update, and the
 * group's users page.
 */
export async function everyRoute(page: Page): Promise<string[]> {
  const roomType = await firstId(page, roomTypeResource);
  if (roomType === null) throw new Error('the sweeps need a room type on property 1 that the user can read');
  // Each defined resource's create and edit pages (its first row on property 1), from the registry.
  const resourcePages: string[] = [];
  for (const def of RESOURCES.filter((d) => d.routes && !d.parent)) {
    const routes = def.routes!;
    if (def.single) resourcePages.push(`/${routes.edit}`);
    else {
      if (routes.create) resourcePages.push(`/${routes.create}`);
      const id = await firstId(page, def);
      if (id !== null) resourcePages.push(`/${routes.edit.replace(':id', String(id))}`);
    }
  }
  const property = [
    ...PROPERTY_PAGES,
    '/details/location',
    '/details/facilities',
    '/details/policies',
    '/details/commercial-terms',
    '/details/other',
    '/contacts/billing',
    '/contacts/reservations',
    ...resourcePages,
    `/rates-and-inventory/${roomType}`,
    `/rates-and-inventory/${roomType}/bulk-update`,
    '/no/such/page',
  ];
  return [...ACCOUNT_ROUTES, '/property-groups/1/users', ...property.map((p) => `/properties/1${p}`)];
}
