import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { ACCOUNT_ROUTES, PROPERTY_PAGES, PUBLIC_ROUTES } from './support/routes';

/** Serious and critical violations on the page as it is now, as "rule: target" lines. */
async function serious(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // What loads as it nears the screen (the home's insights and charts) is checked too, once loaded.
  const later = page.locator('[data-when-visible]');
  if (await later.count()) {
    await later.first().scrollIntoViewIfNeeded();
    await expect(later).toHaveCount(0);
    await expect(page.locator('.insights-placeholder, .ant-spin-spinning')).toHaveCount(0);
  }
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('public routes have no serious or critical accessibility violations', async ({ page }) => {
  // Each page waits for the network to settle (the anti-spam widget works a while) on a busy machine.
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    found.push(...(await serious(page)).map((v) => `${route} ${v}`));
  }
  console.log(`axe: ${PUBLIC_ROUTES.length} public routes checked`);
  expect(found).toEqual([]);
});

for (const email of ['staff@extranet.example', 'admin@harbourview.example']) {
  test(`every route ${email.split('@')[0]} can reach has no serious or critical violations`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/sign-in');
    await signIn(page, email);
    const routes = [...ACCOUNT_ROUTES, ...PROPERTY_PAGES.map((p) => `/properties/1${p}`)];
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      found.push(...(await serious(page)).map((v) => `${page.url().replace(/^https?:\/\/[^/]+/, '')} ${v}`));
    }
    console.log(`axe: ${routes.length} routes checked for ${email}`);
    expect([...new Set(found)]).toEqual([]);
  });
}
