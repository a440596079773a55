import type { Page } from '@playwright/test';

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
