import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { formSelect, shownDate, typeDate } from './support/form';
import { addDays } from '../../resources/days';
import { dayIn, propertyZone } from '../../resources/property-day';

const today = dayIn(propertyZone({ country: 'Australia' }));
const date = (page: Page, label: string, iso: string) => typeDate(page, label, shownDate(iso));

test('promotions: create an early-booker deal, find it in the index with its status, and price stays with it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  await page.goto('/properties/1');
  await page.getByRole('menuitem', { name: 'Promotions' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/promotions$/);
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
  // The demo has a promotion in each status.
  const table = page.locator('.ant-table');
  for (const status of ['Active', 'Ending soon', 'Upcoming', 'Expired'])
    await expect(table.getByText(status, { exact: true }).first()).toBeVisible();

  // The status filter says how many promotions hold each status.
  await page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: 'Status' }) })
    .click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Active ("]')).toHaveText(
    /^Active \(\d+\)$/,
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create promotion' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create promotion', level: 1 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Plan ahead 25');
  await formSelect(page, 'Promotion type', 'Early booker');
  await page.getByLabel('Discount (%)', { exact: true }).fill('25');
  await page.getByLabel('Days before arrival', { exact: true }).fill('30');
  await formSelect(page, 'Rate plans', 'Best available rate');
  await date(page, 'Sale start', today);
  await date(page, 'Sale end', addDays(today, 60));
  await date(page, 'Stay start', today);
  await date(page, 'Stay end', addDays(today, 300));

  // The preview prices the unsaved deal: a stay 40 days out qualifies, one 10 days out does not.
  const preview = page.getByRole('region', { name: 'Price preview' }).or(page.locator('.promotion-preview'));
  await date(page, 'Arrival', addDays(today, 40));
  const plan = preview.locator('.promotion-preview-plan').filter({ hasText: 'Best available rate' });
  await expect(plan.getByText('Plan ahead 25')).toBeVisible();
  await expect(plan.locator('li').filter({ hasText: 'Plan ahead 25' })).toContainText('Applies: 25% off every night');
  await date(page, 'Arrival', addDays(today, 10));
  await expect(plan.locator('li').filter({ hasText: 'Plan ahead 25' })).toContainText(
    'Booked 10 days ahead; needs at least 30',
  );

  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/promotions$/);
  const row = page.getByRole('row').filter({ hasText: 'Plan ahead 25' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Early booker', { exact: true })).toBeVisible();

  // The rates calendar marks the nights it covers on its plan, named on hover, linking back to it.
  await page.goto('/properties/1');
  await page.getByRole('list', { name: 'Rates and inventory' }).getByRole('link').first().click();
  const marker = page.locator('.rates-grid__promo[title*="Plan ahead 25"]').first();
  await expect(marker).toBeVisible();
  // Where several cover a night the marker names them all and links to the first.
  const first = ((await marker.getAttribute('title')) ?? '').replace('Promotion: ', '').split(', ')[0];
  await marker.click();
  await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
});
