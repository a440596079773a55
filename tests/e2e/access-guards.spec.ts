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

test("the group's Users page opens in the group layout without an error", async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'group.admin@coastal.example');
  await page.goto('/property-groups/1/users');
  await expect(page.getByRole('heading', { name: 'Group users' })).toBeVisible();
  await expect(page.getByText('Group users for Coastal Collection')).toBeVisible();
  await expect(page.getByText('Sorry, something went wrong.')).toHaveCount(0);
});
