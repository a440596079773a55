import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { FLAG_TEXTS } from '../../resources/feature-flags';
import { CHANGE_REASON_TEXTS } from '../../resources/change-reason';

const SHOTS = process.env.E2E_SHOTS;

async function pick(page: Page, label: string, option: string) {
  await page.locator('.ant-form-item').filter({ hasText: label }).first().locator('.ant-select-selector').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test('trails and admin: staff make a property, switch its provider to DerbySoft (its rate plans turn read-only), rename it, and find both changes in Trails with before → after; a revert puts the name back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Saltbush Bay ${Date.now()}`;
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');

  // A new property from the portal, as the CLI makes one.
  await page.goto('/properties/1/admin');
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  const card = page.locator('.admin-card').filter({ hasText: 'New property' });
  await card.getByLabel('Name', { exact: true }).fill(name);
  await card.getByLabel('Suburb').fill('Mollymook');
  await card.getByRole('button', { name: 'Create property' }).click();
  await expect(page.getByText(`${name} created.`)).toBeVisible();
  await card.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const id = page.url().match(/properties\/(\d+)/)![1];

  await page.goto(`/properties/${id}/rate-plans/overview`);
  await expect(page.getByRole('button', { name: 'Create rate plan' })).toBeVisible();

  // The provider switch names its consequence before it is saved.
  await page.goto(`/properties/${id}/admin`);
  const settings = page.locator('.admin-card').filter({ hasText: 'Property settings' });
  await expect(settings.getByLabel('Property name')).toHaveValue(name);
  await pick(page, 'Inventory provider', 'DerbySoft');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Save these settings?' });
  await expect(confirm).toContainText(
    'Rate plans and promotions become read-only for everyone: DerbySoft manages them.',
  );
  await expect(confirm).toContainText('The rates and inventory calendar becomes read-only for everyone');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-confirm.png` });
  await confirm.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  await page.goto(`/properties/${id}/rate-plans/overview`);
  await expect(page.getByText('You can view these rate plans but not change them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create rate plan' })).toHaveCount(0);

  // A rename: a change with no consequence to confirm.
  await page.goto(`/properties/${id}/admin`);
  await settings.getByLabel('Property name').fill(`${name} Retreat`);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin.png`, fullPage: true });

  // Both changes in Trails, newest first, each with its fields before → after.
  await page.getByRole('link', { name: 'See changes in Trails' }).click();
  await expect(page.getByRole('heading', { name: 'Trails', level: 1 })).toBeVisible();
  const rows = page.locator('.trails-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`Settings: ${name} Retreat`);
  await expect(rows.nth(0)).toContainText('staff@extranet.example');
  await expect(rows.nth(1)).toContainText(`Settings: ${name}`);
  await expect(rows.nth(2)).toContainText(`Property: ${name}`);
  await rows
    .nth(1)
    .getByRole('button', { name: /expand row/i })
    .click();
  const provider = page.locator('.trail-changes tr').filter({ hasText: 'Inventory provider' });
  await expect(provider).toContainText('extranet');
  await expect(provider).toContainText('derbysoft');
  await rows
    .nth(0)
    .getByRole('button', { name: /expand row/i })
    .click();
  const renamed = page.locator('.trail-changes tr').filter({ hasText: 'Name' }).first();
  await expect(renamed).toContainText(name);
  await expect(renamed).toContainText(`${name} Retreat`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/trails.png`, fullPage: true });

  // Revert the rename from its row: the name comes back, and the revert is a change of its own.
  await rows
    .nth(0)
    .getByRole('button', { name: /Revert/ })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByText('Change reverted.')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(/Reverts change \d+/);
  await expect(rows.nth(1)).toContainText(/Reverted by change \d+/);
  await page.goto(`/properties/${id}/admin`);
  await expect(settings.getByLabel('Property name')).toHaveValue(name);

  // With the rates service off, the rates routes do not exist (no legacy host here).
  await page.getByRole('switch', { name: 'Rates service' }).click();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  const off = page.getByRole('dialog').filter({ hasText: 'Save these settings?' });
  await expect(off).toContainText('The rates and inventory calendar is hidden');
  await off.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.goto(`/properties/${id}/rates-and-inventory/1`);
  await expect(page.getByText("We couldn't find the page you were looking for.")).toBeVisible();

  // The section filter and the phone width.
  await page.goto(`/properties/${id}/trails?section=property`);
  await expect(rows).toHaveCount(5);
  await page.goto(`/properties/${id}/trails?section=contacts`);
  await expect(page.getByText('No changes match these filters.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/properties/${id}/trails`);
  await expect(rows).toHaveCount(5);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/trails-phone.png`, fullPage: true });
  // Admin fits the phone too: the two cards stack, nothing scrolls sideways.
  await page.goto(`/properties/${id}/admin`);
  await expect(settings.getByLabel('Property name')).toHaveValue(name);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-phone.png`, fullPage: true });

  // A flag targeted at this property (issue 30): custom inclusions off here, with a reason; its page leaves the navigation.
  await page.setViewportSize({ width: 1440, height: 900 });
  const nav = page.getByRole('menu', { name: 'Property navigation' });
  await expect(nav.getByRole('menuitem', { name: 'Inclusions' })).toBeVisible();
  const flags = page.locator('.admin-card').filter({ hasText: FLAG_TEXTS.propertyFlagsTitle });
  // antd names both the select and its search box: the first is the one to click.
  await flags.getByLabel(`supplier-extranet-custom-inclusions at ${name}`).first().click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: FLAG_TEXTS.propertyOverride.off })
    .click();
  const why = page.getByRole('dialog');
  await why.getByLabel(CHANGE_REASON_TEXTS.label).fill('Not for this hotel yet');
  await why.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(FLAG_TEXTS.propertyChanged('supplier-extranet-custom-inclusions', name))).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Inclusions' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-property-flags.png`, fullPage: true });
});
