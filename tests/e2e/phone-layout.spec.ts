import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { PUBLIC_ROUTES, everyRoute } from './support/routes';
import { computedAntdStyles } from './support/antd-styles';

/**
 * Issue 17 item 5: at 390 × 844 no page scrolls sideways, and no heading or card title is cut off.
 * A failure names the route and the elements that stick out past the screen's right edge (outside
 * any box that scrolls on its own), or the titles cut short.
 */
async function sideways(page: Page): Promise<string | null> {
  // Ready when the page has drawn something and nothing is loading any more (quicker than network idle).
  await page.waitForFunction(
    () =>
      (document.querySelector('h1, h2, main, .ant-result-title')?.textContent ?? '') !== '' &&
      !document.querySelector('.ant-spin-spinning, .spinner, .ant-skeleton, .shell'),
  );
  // A menu measures its items after the first paint (antd's overflow): judge the page once it is at rest.
  let wide: string | null = null;
  for (let tries = 0; tries < 8; tries++) {
    await page.waitForTimeout(tries ? 250 : 100);
    wide = await measure(page);
    if (!wide) return null;
  }
  return wide;
}

function measure(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // A heading or a card's title cut short by an ellipsis (antd keeps card titles on one line).
    const cut = [...document.body.querySelectorAll('h1, h2, h3, h4, .ant-card-head-title')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.getClientRects().length > 0)
      .map((e) => `"${e.textContent}" cut off (${e.scrollWidth}px in ${e.clientWidth}px)`);
    if (cut.length) return cut.slice(0, 4).join('; ');
    if (document.documentElement.scrollWidth <= width) return null;
    const scrollsOwn = (el: Element | null): boolean => {
      for (let e = el?.parentElement; e && e !== document.body; e = e.parentElement) {
        const o = getComputedStyle(e).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !scrollsOwn(e))
      .slice(0, 4)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} → ${Math.round(e.getBoundingClientRect().right)}px`,
      );
    return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${wide.join('; ')}`;
  });
}

test.use({ viewport: { width: 390, height: 844 } });

test('no public page scrolls sideways on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    const wide = await sideways(page);
    if (wide) found.push(`${route} ${wide}`);
  }
  expect(found).toEqual([]);
});

for (const email of ['staff@extranet.example', 'admin@harbourview.example']) {
  test(`no page ${email.split('@')[0]} can reach scrolls sideways or cuts a title short on a phone, and none computes antd's styles`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/sign-in');
    await signIn(page, email);
    const routes = await everyRoute(page);
    const found: string[] = [];
    const computed = new Map<string, string>(); // a style once computed stays: the route that first needed it
    for (const route of routes) {
      // Moved to in the running portal, as a click on a link does: the sweep checks layouts, not start-up.
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      const wide = await sideways(page);
      if (wide) found.push(`${page.url().replace(/^https?:\/\/[^/]+/, '')} ${wide}`);
      for (const style of await computedAntdStyles(page)) if (!computed.has(style)) computed.set(style, route);
    }
    console.log(`phone: ${routes.length} routes checked for ${email}`);
    expect(found).toEqual([]);
    expect([...computed].map(([style, route]) => `${style}, first on ${route}`)).toEqual([]);
  });
}
