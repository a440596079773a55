import { expect, type Page } from '@playwright/test';

/**
 * The portal has taken over the page the server drew (src/router-root.tsx): its page answers. The
 * drawing shows the same page before that, inert (a click, a key or an event sent to it does nothing)
 * and hidden from assistive technology (role locators do not find it).
 */
export const takenOver = (page: Page) => expect(page.locator('#root:not([inert]):not([aria-hidden])')).toHaveCount(1);
