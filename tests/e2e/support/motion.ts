import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Starts noting the animation length of each element antd makes appear with `motion` (rc-motion's
 * `<motion>-appear` class as it steps through prepare, start and active); the returned function reads them.
 */
export async function watchAppearing(page: Page, motion: string): Promise<() => Promise<string[]>> {
  await page.evaluate((name) => {
    const seen: string[] = [];
    (window as unknown as { __appearing: string[] }).__appearing = seen;
    new MutationObserver((records) => {
      for (const { target } of records) {
        const el = target as Element;
        if (el.classList.contains(`${name}-appear`)) seen.push(getComputedStyle(el).animationDuration);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
  }, motion);
  return () => page.evaluate(() => (window as unknown as { __appearing: string[] }).__appearing);
}

/**
 * The animation length the page's style sheets give an element with these classes (one made and
 * removed for the asking). It also gets the page's antd hash class, to which antd scopes its styles.
 */
export function animationOf(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const hashed = document.querySelector('[class^="css-"], [class*=" css-"]');
    const hash = [...(hashed?.classList ?? [])].find((c) => c.startsWith('css-')) ?? '';
    const probe = document.createElement('div');
    probe.className = `${name} ${hash}`;
    document.body.append(probe);
    const length = getComputedStyle(probe).animationDuration;
    probe.remove();
    return length;
  }, className);
}

/**
 * Waits until every animation on the page that ends has ended (a popup's opening, a modal's zoom;
 * not a skeleton's endless shimmer). A click while a popup still moves makes Playwright retry, and
 * its fourth try scrolls the item to the top of the page, under the sticky header, where the popup
 * is placed again and the click lands beside it.
 */
export function animationsEnded(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Clicks an item of a menu that is opening: once it shows and the page's animations have ended (animationsEnded). */
export async function clickWhenSettled(item: Locator): Promise<void> {
  await expect(item).toBeVisible();
  await animationsEnded(item.page());
  await item.click();
}
