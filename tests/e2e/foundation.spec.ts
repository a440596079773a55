import { expect, test, type Page } from '@playwright/test';
import { computedAntdStyles } from './support/antd-styles';

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

/** How antd drew sign-in's field and button (the theme's corner radius, antd's sizes and colours), at rest. */
const looks = async (page: Page) => {
  await page.addStyleTag({ content: '*{transition:none!important}' }); // the focused field's colour, not a frame of its fade
  return page.evaluate(() =>
    ['input[type="email"]', 'button[type="submit"]'].map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return [
        style.borderRadius,
        style.height,
        style.padding,
        style.backgroundColor,
        style.borderColor,
        style.fontSize,
      ];
    }),
  );
};

test("antd's styles come from the built sheets; when one fails to load the page computes them all, and looks the same", async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const built = await looks(page);
  expect(built[0][0]).toBe('6px');
  expect(await page.locator('link[rel="stylesheet"][href*="/assets/antd-"]').count()).toBeGreaterThan(1);
  expect(await computedAntdStyles(page)).toEqual([]);

  // One part fails: every part comes out, the map with them, and antd draws with styles of its own.
  await page.route('**/assets/antd-2-*.css', (route) => route.abort());
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await looks(page)).toEqual(built);
  expect(await page.locator('link[rel="stylesheet"][href*="/assets/antd-"]').count()).toBe(0);
  expect(await computedAntdStyles(page)).toContain('.ant-btn');
});
