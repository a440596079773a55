import { expect, test } from '@playwright/test';
import { LEGACY_HOST, LEGACY_PORT } from '../../playwright.config';
import { useOutboxOf } from './support/outbox';
import { signIn } from './support/sign-in';
import { listProperties } from './support/properties';

test.use({ baseURL: `http://localhost:${LEGACY_PORT}` });
// Every spec shares one worker: switch the outbox only while these tests run.
test.beforeAll(() => useOutboxOf('legacy'));
test.afterAll(() => useOutboxOf('main'));

test('with LEGACY_APP_URL set, every row of the legacy table goes there under its condition, query kept', async ({
  page,
}) => {
  // Eleven full page loads after a sign-in: more than the default 30 s on 2 busy cores.
  test.setTimeout(90_000);
  const visited: string[] = [];
  await page.route(`${LEGACY_HOST}/**`, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Legacy extranet</h1>' });
  });
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  const all = await listProperties(page);
  const ratesOff = all.find((p) => !p.ratesServiceEnabled)!;
  const ratesOn = all.find((p) => p.ratesServiceEnabled)!;
  const plansOff = all.find((p) => !p.ratePlansServiceEnabled)!;
  const plansOn = all.find((p) => p.ratePlansServiceEnabled)!;

  const expectLegacy = async (from: string, to: string) => {
    await page.goto(from);
    await expect(page.getByRole('heading', { name: 'Legacy extranet' })).toBeVisible();
    expect(page.url()).toBe(`${LEGACY_HOST}${to}`);
  };
  await expectLegacy(`/properties/${ratesOn.id}/room-types?tab=beds`, `/properties/${ratesOn.id}/room_types?tab=beds`);
  await expectLegacy(`/properties/${ratesOn.id}/trails`, `/properties/${ratesOn.id}/trails`);
  await expectLegacy(`/properties/${ratesOff.id}/rates-and-inventory/55/bulk-update`, '/bulk_inventories/55/edit');
  await expectLegacy(
    `/properties/${ratesOff.id}/rates-and-inventory/55?from=2026-12-01`,
    '/inventories/55?from=2026-12-01',
  );
  await expectLegacy(`/properties/${ratesOn.id}/details/policies`, `/properties/${ratesOn.id}/edit#policies`);
  await expectLegacy(
    `/properties/${ratesOn.id}/details/commercial-terms`,
    `/properties/${ratesOn.id}/edit#commercial_terms`,
  );
  await expectLegacy(`/properties/${ratesOn.id}/details/images`, `/properties/${ratesOn.id}/edit#images`);
  await expectLegacy(`/properties/${ratesOn.id}/details/other`, `/properties/${ratesOn.id}/edit`);
  await expectLegacy(`/properties/${plansOff.id}/rate-plans/overview`, `/properties/${plansOff.id}/offers`);
  await expectLegacy(`/properties/${plansOff.id}/rate-plans/create`, `/properties/${plansOff.id}/offers/new`);
  await expectLegacy(`/properties/${plansOff.id}/rate-plans/12`, `/inventories/${plansOff.id}`);

  // Where the condition is not met, the portal keeps the route.
  await page.goto(`/properties/${ratesOn.id}/rates-and-inventory/55`);
  await expect(page.getByRole('heading', { name: 'Rates and inventory' })).toBeVisible();
  await page.goto(`/properties/${plansOn.id}/rate-plans/overview`);
  await expect(page.getByRole('heading', { name: 'Rate plans' })).toBeVisible();
  expect(visited).toHaveLength(11);
});
