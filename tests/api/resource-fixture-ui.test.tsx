// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntApp } from 'antd';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { createTestApp, type TestApp } from '../support/test-app';
import { sessionCookie } from '../support/sessions';
import { testDbKind } from '../support/test-db';
import { RESOURCES } from '../../resources/registry';
import { defineAbilityFor } from '../../abilities/define-ability';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createPortalDataProvider } from '../../providers/data-provider';
import { AbilityContextProvider } from '../../src/access/ability';
import { resourceRoutes } from '../../src/resources/resource-routes';
import { refineResources } from '../../src/resources/resource-paths';
import { propertyNav } from '../../src/layouts/property-nav';
import { parkingSpaceResource } from '../fixtures/resources/parking-spaces/parking-space.resource';

// jsdom brings its own Uint8Array; the server's crypto (jose) needs Node's, which Buffer extends.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
// jsdom has no pseudo-element styles (antd asks for scrollbar sizes); the element's own will do.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => computedStyle(elt);
// antd reads media queries; jsdom has none.
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as never;

let app: TestApp;
let cookie = '';
beforeAll(async () => {
  app = await createTestApp({ resources: [...RESOURCES, parkingSpaceResource] });
  const [u] = await app.db.query<{ id: number }>("select id from users where email = 'admin@harbourview.example'");
  cookie = await sessionCookie(app, u.id);
});
afterAll(async () => { cleanup(); await app.close(); });

/** The portal's real data provider and transport, talking to the real API in process with the admin's session. */
function renderPortal(path: string) {
  const client = createGraphqlClient({
    url: 'http://localhost/graphql',
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', cookie);
      return app.yoga.fetch(String(input), { ...init, headers });
    },
  });
  const property = { id: 1, propertyGroupId: null, inventoryProvider: 'extranet', ratesServiceEnabled: true };
  const ability = defineAbilityFor({ isStaff: false, memberships: [{ role: 'property_admin', propertyId: 1 }] });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine dataProvider={createPortalDataProvider(client)} routerProvider={routerProvider} resources={refineResources([parkingSpaceResource])}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}>
          <AbilityContextProvider value={ability}>
            <Routes>
              <Route path="properties/:propertyId" element={<Outlet context={{ property }} />}>
                {resourceRoutes([parkingSpaceResource])}
                <Route index element={<p>Property home</p>} />
              </Route>
            </Routes>
          </AbilityContextProvider>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

describe(`a resource added by definition only: its pages (${testDbKind})`, () => {
  it('gets a form that validates with the schema\'s messages and creates through the API, then a list that shows the row', async () => {
    renderPortal('/properties/1/parking/create');
    // The pages are lazy chunks: the first render waits for Vite to transform them.
    expect(await screen.findByRole('heading', { name: 'Create parking space' }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create parking space' }));
    expect(await screen.findByText('Enter a label')).toBeTruthy();
    expect(await screen.findByText('Level must be between -5 and 20')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'P7' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create parking space' }));
    expect(await screen.findByRole('heading', { name: 'Parking spaces' }, { timeout: 5000 })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'P7' })).closest('tr')!;
    expect(within(row).getByText('-1')).toBeTruthy();
    expect(within(row).getByText('Car')).toBeTruthy();
    const [stored] = await app.db.query<{ data: Record<string, unknown> }>("select data from resource_rows where resource = 'parking-spaces'");
    expect(stored.data).toEqual({ label: 'P7', level: -1, kind: 'CAR', covered: false });
    cleanup();
  });

  it('gets a list with its filters and sorts, a navigation entry, and an edit form loaded from the API', async () => {
    await app.db.query("insert into resource_rows (resource, property_id, data) values ('parking-spaces', 1, $1)", [JSON.stringify({ label: 'A2', level: 2, kind: 'EV', covered: true })]);
    renderPortal('/properties/1/parking');
    await screen.findByRole('link', { name: 'A2' }, { timeout: 15_000 });
    const labels = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getByRole('link').textContent);
    expect(labels()).toEqual(['A2', 'P7']);
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search by label' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
    const nav = propertyNav({ id: 1, propertyGroupId: null, inventoryProvider: 'extranet', ratesServiceEnabled: true } as never,
      defineAbilityFor({ isStaff: false, memberships: [{ role: 'property_viewer', propertyId: 1 }] }), [...RESOURCES, parkingSpaceResource]);
    expect(nav.map((i) => i.label)).toEqual(['Home', 'Property', 'Room types', 'Rate plans', 'Promotions', 'Media library', 'Key contacts', 'Reservations', 'Parking']);
    expect(nav.at(-1)!.path).toBe('/properties/1/parking');
    fireEvent.click(screen.getByRole('link', { name: 'A2' }));
    expect(await screen.findByRole('heading', { name: 'A2' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Level') as HTMLInputElement).value).toBe('2'));
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('A2');
    cleanup();
  });
});
