import { expect, test, type Page } from '@playwright/test';
import { INCLUSION_MESSAGES } from '../../resources/inclusions/inclusion.messages';
import { signIn } from './support/sign-in';
import { formSelect, typeDate } from './support/form';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { filtersButton } from './support/phone-filters';
import { noSidewaysScroll } from './support/layout';

const docs = resourceDocuments(ratePlanResource);

/** Calls the API with the page's own session, as the portal does. */
async function api(page: Page, query: string, variables: Record<string, unknown>) {
  const res = await page.request.post('/graphql', {
    headers: { 'x-correlation-id': `e2e-${Date.now()}` },
    data: { query, variables },
  });
  return res.json();
}

/** A select outside a form, by its aria-label; opened from its selector box (its input has no size of its own). */
const selectBox = (page: Page, label: string) =>
  page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
const filterSelect = async (page: Page, label: string, option: string) => {
  await selectBox(page, label).locator('.ant-select-selector').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
};
const rowNames = (page: Page) => page.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();

test('rate plans: page through, sort, filter, create with inclusions and tiers, and edit', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  await page.goto('/properties/1/rate-plans');
  await expect(page).toHaveURL(/\/properties\/1\/rate-plans\/overview$/);
  await expect(page.getByRole('heading', { name: 'Rate plans', level: 1 })).toBeVisible();

  // The summary note stays dismissed on this browser (spec §3 local UI state).
  const intro = page.getByRole('status').filter({ hasText: 'A rate plan is what guests book' });
  await expect(intro).toBeVisible();
  await intro.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rate plans', level: 1 })).toBeVisible();
  await expect(page.getByText('A rate plan is what guests book')).toHaveCount(0);

  // Pages are merged into one list without duplicates.
  await expect(page.getByText('Showing 10 of 14')).toBeVisible();
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByText('Showing 14 of 14')).toBeVisible();
  const all = await rowNames(page);
  expect(all).toHaveLength(14);
  expect(new Set(all).size).toBe(14);
  expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // The spec's sorts.
  await filterSelect(page, 'Sort by', 'Sort: Sale end, latest first');
  await expect(page.getByText('Showing 10 of 14')).toBeVisible();
  const expected = (
    await api(page, docs.list, { input: { propertyId: 1, sort: 'SALE_END_DESC' }, limit: 10 })
  ).data.ratePlans.nodes.map((n: { name: string }) => n.name);
  await expect.poll(() => rowNames(page)).toEqual(expected);

  // Visibility filter and search.
  await filterSelect(page, 'Visibility', 'Hidden');
  await expect(page.getByText('Showing 2 of 2')).toBeVisible();
  for (const row of await page.locator('tbody tr.ant-table-row').all())
    await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await selectBox(page, 'Visibility').hover();
  await selectBox(page, 'Visibility').locator('.ant-select-clear').click();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('early');
  await page.keyboard.press('Enter');
  await expect.poll(() => rowNames(page)).toEqual(['Early bird']);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
  await page.keyboard.press('Enter');

  // Create: the schema's messages first, then a plan with room types, inclusions and cancellation tiers.
  const name = `Winter escape ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create rate plan' }).click();
  await expect(page.getByRole('heading', { name: 'Create rate plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Create rate plan' }).click();
  await expect(page.getByText('Enter a name').first()).toBeVisible();
  await expect(page.getByText('Choose at least one room type').first()).toBeVisible();
  // No cancellation policy is chosen for a new plan: it must be (issue 25).
  await expect(page.getByText('Choose a cancellation policy').first()).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await formSelect(page, 'Rate plan type', 'Exclusive');
  await formSelect(page, 'Room types', 'Deluxe King');
  await formSelect(page, 'Inclusions', 'Daily breakfast for two', true);
  await formSelect(page, 'Inclusions', 'Late check-out (2 pm)', true);
  // A deprecated catalogue entry (Free Wi-Fi) is not offered to a new plan (issue 25).
  await page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('Inclusions', { exact: true }) })
    .locator('.ant-select-selector')
    .click();
  await page.keyboard.type('Free Wi');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Free Wi-Fi"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await typeDate(page, 'Sale start', '01-12-2026');
  await expect(page.getByRole('heading', { name: 'Create rate plan' })).toBeVisible();
  await expect(page.getByText('Changes saved successfully.')).toHaveCount(0);
  await typeDate(page, 'Sale end', '2027-08-31'); // typed the API's way: read too, shown as dd-mm-yyyy
  await page.getByRole('radio', { name: 'Penalties when cancelled close to arrival' }).check();
  await page.getByLabel('Tier 1: days before arrival').fill('3');
  await page.getByLabel('Tier 1: penalty').fill('50');
  await page.getByRole('button', { name: 'Create rate plan' }).click();
  // The first save reads the plan back: Back keeps the form as it was, Confirm creates it.
  const summary = page.getByRole('dialog', { name: 'Check the rate plan before you create it' });
  await expect(summary.getByText('1 December 2026 – 31 August 2027')).toBeVisible();
  await expect(summary.getByText('Daily breakfast for two')).toBeVisible();
  await expect(summary.getByText('Cancelled 3 days or fewer before arrival: 50% penalty')).toBeVisible();
  await summary.getByRole('button', { name: 'Back' }).click();
  await expect(summary).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: 'Create rate plan' }).click();
  await summary.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Changes saved successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/rate-plans\/overview$/);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await page.keyboard.press('Enter');
  await expect.poll(() => rowNames(page)).toEqual([name]);

  const [created] = (await api(page, docs.list, { input: { propertyId: 1, filter: { name } } })).data.ratePlans.nodes;
  expect(created).toMatchObject({
    __typename: 'LuxuryRatePlan',
    saleStart: '2026-12-01',
    saleEnd: '2027-08-31',
    cancellationPolicy: [{ daysBeforeArrival: 3, penaltyPercent: 50 }],
  });
  expect(created.assignedInclusions.map((a: { name: string }) => a.name).sort()).toEqual([
    'Daily breakfast for two',
    'Late check-out (2 pm)',
  ]);

  // Edit: hide it from sale; the visibility follows.
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByLabel('Sale start', { exact: true })).toHaveValue('01-12-2026');
  await expect(page.getByLabel('Sale end', { exact: true })).toHaveValue('31-08-2027');
  await page.getByLabel('Hidden from sale').click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved successfully.').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await page.keyboard.press('Enter');
  await expect(
    page.locator('tbody tr.ant-table-row').filter({ hasText: name }).getByText('Hidden', { exact: true }),
  ).toBeVisible();

  // Delete: the row leaves the list with the message, not after a reload (issue 25).
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Rate plan deleted.')).toBeVisible();
  await expect(row).toHaveCount(0, { timeout: 1_000 });
});

test('rate plans of derbysoft and expedia properties are read-only: no create, edit or delete, and the API refuses them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  const found = await api(page, '{ viewer { properties(limit: 50) { nodes { id inventoryProvider status } } } }', {});
  const targets = ['derbysoft', 'expedia'].map((provider) =>
    found.data.viewer.properties.nodes.find(
      (p: { inventoryProvider: string; status: string }) =>
        p.inventoryProvider === provider && p.status !== 'PROSPECTIVE',
    ),
  );
  for (const property of targets) {
    await page.goto(`/properties/${property.id}/rate-plans/overview`);
    await expect(page.getByRole('heading', { name: 'Rate plans', level: 1 })).toBeVisible();
    await expect(page.getByText('You can view these rate plans but not change them.')).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create rate plan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.locator('tbody tr.ant-table-row').first().getByRole('link').click();
    await expect(page.getByText('You can view this rate plan but not change it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();

    const [plan] = (await api(page, docs.list, { input: { propertyId: property.id }, limit: 1 })).data.ratePlans.nodes;
    // Valid values: every save validates first, so only the ability can refuse these.
    const values = {
      name: 'Sneaky',
      type: 'Standard',
      pricing: 'Dynamic',
      roomTypeIds: plan.roomTypeIds,
      saleStart: '2026-01-01',
      saleEnd: '2027-01-01',
      minStay: 1,
      cancellationPolicy: [],
    };
    for (const [query, variables] of [
      [docs.create, { input: { propertyId: property.id, values } }],
      [docs.update, { input: { id: plan.id, version: plan.version, values } }],
      [docs.delete, { input: { id: plan.id } }],
    ] as const) {
      const body = await api(page, query, variables);
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const after = (await api(page, docs.one, { id: plan.id })).data.ratePlan;
    expect(after).toMatchObject({ name: plan.name, version: plan.version });
  }
});

test('custom inclusions: staff with the flag on see and keep them; others never see the page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  await page.goto('/properties/1');
  await expect(
    page.getByRole('heading', { name: 'Sydney Harbour Hotel' }).or(page.locator('.property__main')).first(),
  ).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Inclusions' })).toHaveCount(0);
  await page.goto('/properties/1/inclusions');
  await expect(page).toHaveURL(/\/properties\/1$/);
  // Not silently: the page says why it went to the property home (issue 25).
  await expect(page.getByText(INCLUSION_MESSAGES.pageClosed)).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  await page.goto('/properties/1');
  await page.getByRole('menuitem', { name: 'Inclusions' }).click();
  await expect(page.getByRole('heading', { name: 'Custom inclusions', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbour view guaranteed' })).toBeVisible();
  const name = `Harbour kayak ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create custom inclusion' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await formSelect(page, 'Category', 'Leisure');
  await page.getByRole('button', { name: 'Create custom inclusion' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  const flag = (enabled: boolean) =>
    api(
      page,
      'mutation ($enabled: Boolean!) { setFeatureFlag(key: "supplier-extranet-custom-inclusions", enabled: $enabled, reason: "E2E check") { enabled } }',
      { enabled },
    );
  await flag(false);
  try {
    await page.goto('/properties/1');
    await expect(page.getByRole('menuitem', { name: 'Rate plans' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Inclusions' })).toHaveCount(0);
    await page.goto('/properties/1/inclusions');
    await expect(page).toHaveURL(/\/properties\/1$/);
    await expect(page.getByText(INCLUSION_MESSAGES.pageClosed)).toBeVisible();
  } finally {
    await flag(true);
  }
});

test("on a phone a list's rows come first: its filters and sort one tap away, counted on the button, and a row's Delete asks before it deletes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  await page.goto('/properties/1/rate-plans/overview');
  const cards = page.locator('.list-card');
  await expect(cards.first()).toBeVisible();
  // The filters are not mounted until asked for.
  await expect(page.getByRole('combobox', { name: 'Visibility' })).toHaveCount(0);
  const filters = filtersButton(page, 0);
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
  await filterSelect(page, 'Visibility', 'Hidden');
  await expect(page.getByText('Showing 2 of 2')).toBeVisible();
  // Closed again, the button still says the list is filtered, and the cards are those filtered.
  await filtersButton(page, 1).click();
  await expect(page.getByRole('combobox', { name: 'Visibility' })).toBeHidden();
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card.getByText('Hidden', { exact: true })).toBeVisible();
  await noSidewaysScroll(page);

  // A row's Delete asks first (its confirmation is mounted on the first tap); Cancel keeps the row.
  const title = (await cards.first().locator('.list-card__title').innerText()).trim();
  await cards.first().getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(`Delete ${title}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(cards).toHaveCount(2);
});
