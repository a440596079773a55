import { expect, type Page } from '@playwright/test';

/** The page does not scroll sideways, polled until the layout settles (after a resize, a late chunk). */
export const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
