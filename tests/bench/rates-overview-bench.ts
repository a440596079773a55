import type { Browser, Page } from '@playwright/test';
import { factoryToday } from '../support/property-today';

/**
 * Issue 31's rows: every room type of the demo property on one grid over 30 days, in Chromium at
 * 1440×900 (interactive: the totals complete and every block's grid drawn; the longest task while
 * the page scrolls through the blocks), and a block edit of every plan × 30 days with '+10%' (from
 * the Enter to the frame that shows the pending cells).
 */
export type OverviewPage = {
  roomTypes: number;
  plans: number;
  interactiveMs: number;
  /** 0: no task over Chromium's 50 ms long-task threshold. */
  longestScrollTaskMs: number;
  blockEditMs: number;
  blockCells: number;
};

async function signedInContext(browser: Browser, base: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
    }),
  );
  return context;
}

async function openOverview(page: Page, url: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { __longest: number; __readyAt?: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
    // Interactive: the totals have every room type and each block has drawn its grid (0 = navigation start).
    new MutationObserver((_, observer) => {
      const totals = document.querySelector('[aria-label="All room types: totals"]');
      const blocks = document.querySelectorAll('section.rates-overview__block').length;
      if (
        totals?.getAttribute('aria-busy') === 'false' &&
        blocks &&
        document.querySelectorAll('.rates-grid').length === blocks
      ) {
        w.__readyAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(url);
  await page.locator('[aria-label="All room types: totals"][aria-busy="false"]').waitFor();
  await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt);
  return Math.round(await page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt));
}

type Post = (query: string, variables: Record<string, unknown>) => Promise<Record<string, any>>;
/** The demo property's room type sold by the most plans (Deluxe King, 14): the block edited. */
export async function busiestRoomType(post: Post, propertyId: number) {
  const data = await post(
    'query Bench($propertyId: Int!) { roomTypes(input: { propertyId: $propertyId }) { nodes { id name } } }',
    { propertyId },
  );
  const rooms = data.roomTypes.nodes as { id: string; name: string }[];
  const named = rooms.find((r) => r.name === 'Deluxe King');
  if (!named) throw new Error('the demo property has no Deluxe King room type to edit');
  return named;
}

export async function overviewPage(
  browser: Browser,
  base: string,
  cookie: string,
  propertyId: number,
  room: { id: string; name: string },
): Promise<OverviewPage> {
  const roomTypeId = room.id;
  const url = `${base}/properties/${propertyId}/rates-and-inventory/${roomTypeId}?view=all&days=30`;
  const runs: number[] = [];
  let longest = 0;
  let edit = { ms: 0, cells: 0 };
  let shape = { roomTypes: 0, plans: 0 };
  for (let run = 0; run < 3; run++) {
    const context = await signedInContext(browser, base, cookie);
    // The property home first, as a user arrives: the portal's shared scripts are then cached.
    const home = await context.newPage();
    await home.goto(`${base}/properties/${propertyId}`);
    await home.waitForLoadState('networkidle');
    await home.close();
    const page = await context.newPage();
    runs.push(await openOverview(page, url));
    if (run === 0) {
      shape = await page.evaluate(() => ({
        roomTypes: document.querySelectorAll('section.rates-overview__block').length,
        plans: 0,
      }));
      shape.plans = await page.getByRole('region', { name: room.name }).locator('[data-row$="|rate"]').count();
      await page.evaluate(() => {
        (window as unknown as { __longest: number }).__longest = 0;
      });
      longest = await page.evaluate(async () => {
        if (!PerformanceObserver.supportedEntryTypes.includes('longtask'))
          throw new Error('this Chromium reports no long tasks: the scroll cannot be measured');
        const end = document.documentElement.scrollHeight - window.innerHeight;
        if (end <= 0) throw new Error('the overview does not scroll: nothing to measure');
        for (let i = 1; i <= 60; i++) {
          window.scrollTo(0, (end * i) / 60);
          await new Promise((r) => requestAnimationFrame(r));
          await new Promise((r) => requestAnimationFrame(r));
        }
        await new Promise((r) => setTimeout(r, 200));
        return (window as unknown as { __longest: number }).__longest;
      });
      edit = await blockEdit(page, room.name, shape.plans);
    }
    await context.close();
  }
  runs.sort((a, b) => a - b);
  return {
    ...shape,
    interactiveMs: runs[1],
    longestScrollTaskMs: Math.round(longest),
    blockEditMs: edit.ms,
    blockCells: edit.cells,
  };
}

/** One block's rates, every plan × 30 days, selected with Shift+arrows and typed '+10%'. */
async function blockEdit(page: Page, name: string, plans: number) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const block = page.getByRole('region', { name });
  await block.scrollIntoViewIfNeeded();
  const firstRate = block.locator(`[data-row$="|rate"]`).first();
  const firstRow = await firstRate.getAttribute('data-row');
  await block.locator(`[data-cell="${firstRow}|${factoryToday()}"]`).click();
  for (let i = 1; i < 30; i++) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 1; i < plans; i++) await page.keyboard.press('Shift+ArrowDown');
  // '+' opens the editor over the block; the rest is typed into it once it is there.
  await page.keyboard.press('+');
  await page.locator('.rates-grid__editor').waitFor();
  await page.keyboard.type('10%');
  // No named functions in the page's code: tsx would wrap them in a helper the page does not have.
  await page.evaluate(() => {
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') (window as unknown as { __enterAt?: number }).__enterAt = performance.now();
      },
      { capture: true, once: true },
    );
  });
  await page.keyboard.press('Enter');
  // Polled on each animation frame: the first frame with the pending cells drawn.
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __shownAt?: number };
        if (!document.querySelector('.rates-grid__cell.is-dirty')) return false;
        w.__shownAt ??= performance.now();
        return true;
      },
      undefined,
      { timeout: 5000, polling: 'raf' },
    )
    .catch(async () => {
      const said = await page.getByRole('alert').allTextContents();
      throw new Error(`the block edit showed no pending cells: ${said.join(' ')} ${errors.join(' / ')}`);
    });
  const ms = await page.evaluate(() => {
    const w = window as unknown as { __enterAt: number; __shownAt: number };
    return w.__shownAt - w.__enterAt;
  });
  const label = await block.getByRole('button', { name: /^Save changes/ }).textContent();
  const cells = Number(/\((\d+)\)/.exec(label ?? '')?.[1] ?? 0);
  if (!cells) throw new Error(`the block edit left no pending cells (${label})`);
  return { ms: Math.round(ms), cells };
}
