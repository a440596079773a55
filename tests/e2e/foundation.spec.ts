import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found page in Chromium', async ({ page, browserName }) => {
  expect(browserName).toBe('chromium');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/no/such/page');
  await expect(page.getByText("We couldn't find the page you were looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  // Home is behind sign-in.
  await expect(page).toHaveURL(/\/sign-in\?to=%2F$/);
  expect(errors).toEqual([]);
});

test('the server answers health and GraphQL next to the SPA', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true, kind: 'pglite' } });
  const batch = await request.post('/graphql', { data: Array.from({ length: 5 }, () => ({ query: '{ ping }' })) });
  expect(await batch.json()).toHaveLength(5);
});
