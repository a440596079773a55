import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

test('a property admin opening Trails or Admin by address is sent to the property home', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  for (const section of ['trails', 'admin']) {
    await page.goto(`/properties/1/${section}`);
    await expect(page).toHaveURL(/\/properties\/1$/);
    await expect(page.getByRole('heading', { name: 'Ready to sell' })).toBeVisible();
  }
  // Users is theirs to open (spec §6 view:users).
  await page.goto('/properties/1/user');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('a property viewer opening Users by address is sent to the property home', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'viewer@harbourview.example');
  await page.goto('/properties/1/user');
  await expect(page).toHaveURL(/\/properties\/1$/);
});

test("the group's Users page lists the group's users in the group layout", async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'group.admin@coastal.example');
  await page.goto('/property-groups/1/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByText('Who can sign in to manage Coastal Collection.', { exact: false })).toBeVisible();
  // The group's own admin reaches every property; the group's property members show the property they reach.
  const self = page.locator('.users-table').getByRole('row').filter({ hasText: 'group.admin@coastal.example' });
  await expect(self).toContainText('Every property of the group');
  await expect(self).toContainText('You');
  await expect(page.getByText('Sorry, something went wrong.')).toHaveCount(0);
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/group-users.png`, fullPage: true });
});
