import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { takenOver } from './support/taken-over';

test.describe.configure({ timeout: 90_000 });

const setCustomInclusions = async (page: Page, enabled: boolean) => {
  const res = await page.request.post('/graphql', {
    data: {
      query:
        'mutation ($enabled: Boolean!) { setFeatureFlag(key: "supplier-extranet-custom-inclusions", enabled: $enabled, reason: "E2E check") { enabled } }',
      variables: { enabled },
    },
  });
  expect((await res.json()).errors).toBeUndefined();
};

test('a feature flag turned off takes its nav item and its route away without a reload', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  await setCustomInclusions(page, true);
  try {
    await page.goto('/properties/1/inclusions');
    await expect(page.getByRole('heading', { name: 'Custom inclusions', level: 1 })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Inclusions' })).toBeVisible();
    // The portal's page, not the server's drawing of it before the portal takes it over.
    await takenOver(page);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    await setCustomInclusions(page, false);
    // The portal reads the identity again when the tab comes back into view (and every minute).
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByRole('menuitem', { name: 'Inclusions' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/properties\/1$/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // And back: the item returns, still without a reload.
    await setCustomInclusions(page, true);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByRole('menuitem', { name: 'Inclusions' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await setCustomInclusions(page, true);
  }
});
