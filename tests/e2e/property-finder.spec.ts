import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { listProperties } from './support/properties';
import { STATUS_LABELS, type PropertyStatus } from '../../resources/domain';

const rows = (page: import('@playwright/test').Page) => page.locator('.finder__list > li');

test('staff find a property by ID and by name, filter by status and page through the rest', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  await expect(page.getByRole('heading', { name: 'Properties' })).toBeVisible();
  const all = await listProperties(page);
  const total = (
    await page.request
      .post('/graphql', {
        headers: { 'x-correlation-id': `e2e-${Date.now()}` },
        data: { query: '{ viewer { properties(limit: 1) { pagination { totalCount } } } }' },
      })
      .then((r) => r.json())
  ).data.viewer.properties.pagination.totalCount as number;
  expect(total).toBeGreaterThan(20);
  expect(all).toHaveLength(total); // listProperties reads up to 50: every property is in hand
  await expect(page.getByText(`Showing 1–20 of ${total}`)).toBeVisible();
  await expect(rows(page)).toHaveCount(20);

  // By ID: the property itself comes first, with its ID and status in words.
  const one = all.find((p) => p.id === 1)!;
  const search = page.getByRole('searchbox', { name: 'Search by name, ID or suburb' });
  await search.fill('#1');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=%231/);
  await expect(rows(page).first()).toContainText(`${one.name}ID 1`);
  await expect(rows(page).first()).toContainText(STATUS_LABELS[one.status as PropertyStatus]);

  // By name, typed: the list follows after a pause, without pressing Enter.
  await search.fill('adelaide');
  await expect(page).toHaveURL(/[?&]q=adelaide/);
  const adelaide = all.filter((p) => /adelaide/i.test(p.name));
  await expect(rows(page)).toHaveCount(adelaide.length);
  for (const p of adelaide) await expect(rows(page).filter({ hasText: `ID ${p.id}` })).toContainText(p.name);

  // A status filter narrows the search; every row says the status in words.
  await page.getByLabel('Status').selectOption({ label: 'Archived' });
  await expect(page).toHaveURL(/status=ARCHIVED/);
  const archived = adelaide.filter((p) => p.status === 'ARCHIVED');
  await expect(rows(page)).toHaveCount(archived.length);
  for (const row of await rows(page).all()) await expect(row).toContainText('Archived');

  // Clearing the filters and paging: the second page starts at 21 and Back returns to the first.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(`Showing 1–20 of ${total}`)).toBeVisible();
  await expect(search).toHaveValue('');
  const firstPage = await rows(page).first().textContent();
  await page.getByRole('button', { name: /Next page/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(new RegExp(`^Showing 21–${Math.min(40, total)} of ${total}$`))).toBeVisible();
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 20)}`)).toBeVisible();
  await expect(rows(page).first()).not.toHaveText(firstPage!);
  await page.goBack();
  await expect(page.getByText(`Showing 1–20 of ${total}`)).toBeVisible();
  await expect(rows(page).first()).toHaveText(firstPage!);

  // Sorted by ID, highest first, the first row is the newest property.
  await page.getByLabel('Sort by').selectOption({ label: 'ID, highest first' });
  const newest = Math.max(...all.map((p) => p.id));
  await expect(rows(page).first()).toContainText(`ID ${newest}`);
  await page
    .getByRole('link', { name: all.find((p) => p.id === newest)!.name })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/properties/${newest}$`));
});
