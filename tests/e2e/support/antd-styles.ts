import type { Page } from '@playwright/test';

/**
 * antd's styles the page computed in the browser (each a <style> tag of its own) rather than read from
 * the sheets the build ships (scripts/antd-style-sheet.tsx), named by the component they are for.
 */
export function computedAntdStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style')]
      .map((s) => s.textContent ?? '')
      .filter((css) => css.includes(':where(.css-'))
      .map((css) => /\.ant-[a-z-]+/.exec(css)?.[0] ?? css.slice(0, 60)),
  );
}
