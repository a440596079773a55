import '../support/jsdom-for-antd';
// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntApp } from 'antd';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { testDbKind } from '../support/test-db';
import { RESOURCES } from '../../resources/registry';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { RATE_PLAN_MESSAGES } from '../../resources/rate-plans/rate-plan.messages';
import { CONFIRM_STEP } from '../../resources/messages';
import { defineAbilityFor } from '../../abilities/define-ability';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createPortalDataProvider } from '../../providers/data-provider';
import { AbilityContextProvider } from '../../src/access/ability';
import { resourceRoutes } from '../../src/resources/resource-routes';
import { refineResources } from '../../src/resources/resource-paths';

let app: TestApp;
let cookie = '';
beforeAll(async () => {
  app = await createTestApp();
  const admin = await asUser(app, 'admin@harbourview.example');
  cookie = [...admin.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
});
afterAll(async () => {
  cleanup();
  await app.close();
});
afterEach(() => cleanup());

/** The rate plan pages with the portal's data provider, talking to the real API as property 1's admin. */
function renderPortal(path: string) {
  const client = createGraphqlClient({
    url: 'http://localhost/graphql',
    // In process (yoga.fetch): over this harness's loopback HTTP a second mutation after a REFUSED
    // answer (HTTP 409) was never answered under jsdom; the browser's own path is the e2e's.
    fetch: async (_input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', cookie);
      return app.yoga.fetch('http://localhost/graphql', { method: 'POST', headers, body: String(init?.body) });
    },
  });
  const property = {
    id: 1,
    propertyGroupId: null,
    inventoryProvider: 'extranet',
    ratesServiceEnabled: true,
    ratePlansServiceEnabled: true,
  };
  const ability = defineAbilityFor({ isStaff: false, memberships: [{ role: 'property_admin', propertyId: 1 }] });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={createPortalDataProvider(client)}
          routerProvider={routerProvider}
          resources={refineResources(RESOURCES)}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <AbilityContextProvider value={ability}>
            <Routes>
              <Route path="properties/:propertyId" element={<Outlet context={{ property }} />}>
                {resourceRoutes([ratePlanResource])}
                <Route index element={<p>Property home</p>} />
              </Route>
            </Routes>
          </AbilityContextProvider>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const planNamed = async (name: string) =>
  (
    await app.db.query<{ id: string; name: string; version: number }>(
      'select id::text, name, version from rate_plans where property_id = 1 and name = $1',
      [name],
    )
  )[0];

let earlyBird: string | undefined;

describe(`the rate plan form (${testDbKind})`, { timeout: 180_000, retry: 1 }, () => {
  it("asks before saving a name another plan has: Back leaves it unsaved, 'Save anyway' saves it", async () => {
    // A retry starts clean: the plan this test renames has its name back.
    earlyBird ??= (await planNamed('Early bird')).id;
    await app.db.query("update rate_plans set name = 'Early bird' where id = $1 and name <> 'Early bird'", [earlyBird]);
    const plan = await planNamed('Early bird');
    renderPortal(`/properties/1/rate-plans/${plan.id}`);
    const name = await screen.findByLabelText('Name', {}, { timeout: 45_000 });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Early bird'), { timeout: 45_000 });
    // A plan with tiers shows its policy chosen as penalties, with its tiers.
    expect((screen.getByRole('radio', { name: RATE_PLAN_MESSAGES.penalties }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Tier 1: days before arrival')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Bed and breakfast' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const asked = await screen.findByRole('dialog', {}, { timeout: 45_000 });
    expect(within(asked).getByText(RATE_PLAN_MESSAGES.duplicateName('Bed and breakfast'))).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: CONFIRM_STEP.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 45_000 });
    expect(await planNamed('Early bird')).toMatchObject({ version: plan.version });
    expect(screen.queryByText("Couldn't save changes.")).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const again = await screen.findByRole('dialog', {}, { timeout: 45_000 });
    fireEvent.click(within(again).getByRole('button', { name: CONFIRM_STEP.saveAnyway }));
    expect(await screen.findByRole('heading', { name: 'Rate plans' }, { timeout: 45_000 })).toBeTruthy();
    const [renamed] = await app.db.query<{ name: string; version: number }>(
      'select name, version from rate_plans where id = $1',
      [plan.id],
    );
    expect(renamed).toEqual({ name: 'Bed and breakfast', version: plan.version + 1 });
  });

  it('starts a new plan with no cancellation policy chosen, and says to choose one', async () => {
    renderPortal('/properties/1/rate-plans/create');
    expect(await screen.findByRole('heading', { name: 'Create rate plan' }, { timeout: 45_000 })).toBeTruthy();
    for (const option of [RATE_PLAN_MESSAGES.freeCancellation, RATE_PLAN_MESSAGES.penalties])
      expect((screen.getByRole('radio', { name: option }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Create rate plan' }));
    await waitFor(() => expect(screen.getAllByText(RATE_PLAN_MESSAGES.chooseCancellation).length).toBeGreaterThan(0), {
      timeout: 45_000,
    });
    // Nothing is asked (no read-back) while the form has errors.
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
