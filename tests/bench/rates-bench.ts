import type { Browser } from '@playwright/test';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { ratesWindow } from '../../resources/rates-inventory/rates-inventory.schema';
import { factoryToday } from '../support/property-today';
import { resourceDocuments } from '../../resources/resource.documents';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';

/**
 * Issue 15's rows: a room type sold by 10 rate plans, filled for 18 months by a bulk update
 * (timed, preview and apply), its calendar read one request at a time (p50, p95) and under load,
 * and the page in Chromium (interactive, longest task while scrolling the 18 months).
 */
export const RATE_PLANS = 10;

export type CalendarScope = { propertyId: number; roomTypeId: string; ratePlanIds: string[] };
export type BulkTimes = { previewMs: number[]; applyMs: number[]; cells: number };
export type Latency = { p50: number; p95: number; samples: number };
/** longestScrollTaskMs 0: no task over Chromium's 50 ms long-task threshold. */
export type CalendarPage = { interactiveMs: number; longestScrollTaskMs: number; ownScripts: number };

type Post = (query: string, variables: Record<string, unknown>) => Promise<Record<string, any>>;

/** A GraphQL caller as the portal signed in with `cookie`; any error in the answer throws. */
export function poster(base: string, cookie: string): Post {
  return async (query, variables) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': `bench-rates-${Date.now()}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    if (!res.ok || body.errors || !body.data)
      throw new Error(`bench call failed (${res.status}): ${JSON.stringify(body).slice(0, 400)}`);
    return body.data;
  };
}

/** A room type and the rate plans that sell it, created through the API as a property admin would. */
export async function createCalendar(post: Post, propertyId: number): Promise<CalendarScope> {
  const room = await post(resourceDocuments(roomTypeResource).create, {
    input: {
      propertyId,
      values: {
        name: 'Bench Suite',
        beds: [{ type: 'KING', count: 1 }],
        bathroom: 'PRIVATE',
        smoking: 'NON_SMOKING',
        maxAdults: 2,
        maxChildren: 0,
        roomCount: 20,
        status: 'ACTIVE',
      },
    },
  });
  const roomTypeId = String(room.createRoomType.id);
  const ratePlanIds: string[] = [];
  for (let i = 0; i < RATE_PLANS; i++) {
    const plan = await post(resourceDocuments(ratePlanResource).create, {
      input: {
        propertyId,
        values: {
          name: `Bench rate ${i + 1}`,
          type: 'Standard',
          pricing: 'Dynamic',
          saleStart: '2026-01-01',
          saleEnd: '2099-01-01',
          minStay: 1,
          cancellationPolicy: [],
          roomTypeIds: [roomTypeId],
        },
      },
    });
    ratePlanIds.push(String(plan.createRatePlan.id));
  }
  return { propertyId, roomTypeId, ratePlanIds };
}

/**
 * Bulk updates of every day today … 18 months ahead for all 10 rate plans (rooms, rate, minimum
 * and maximum stay: every cell changes each time), each previewed and applied; wall time of each call.
 */
export async function timeBulkUpdates(post: Post, scope: CalendarScope, runs: number): Promise<BulkTimes> {
  const { first, last } = ratesWindow(factoryToday());
  const out: BulkTimes = { previewMs: [], applyMs: [], cells: 0 };
  for (let r = 0; r < runs; r++) {
    const input = {
      propertyId: scope.propertyId,
      roomTypeId: scope.roomTypeId,
      ranges: [{ from: first, to: last }],
      ratePlanIds: scope.ratePlanIds,
      roomsToSell: 10 + r,
      rate: { mode: 'set', value: `${189 + r}.90` },
      minStay: 1 + (r % 2),
      maxStay: 21 + r,
    };
    let t = performance.now();
    const { previewRatesBulkUpdate: preview } = await post(RATES_DOCS.preview, { input });
    out.previewMs.push(performance.now() - t);
    if (preview.blocking.length) throw new Error(`bench bulk update blocked: ${preview.blocking.join('; ')}`);
    t = performance.now();
    const { applyRatesBulkUpdate: applied } = await post(RATES_DOCS.apply, {
      input: { ...input, token: preview.token, confirm: true },
    });
    out.applyMs.push(performance.now() - t);
    // Rooms once per day, and rate and both stays per plan and day.
    if (applied.count !== preview.cells || applied.count < preview.days * (1 + 3 * RATE_PLANS) * 0.9)
      throw new Error(`bench bulk update changed ${applied.count} cells, preview said ${preview.cells}`);
    out.cells = applied.count;
  }
  return out;
}

/** One request at a time, as one user opening the calendar: p50 and p95 of `n` reads after 10 unmeasured ones. */
export async function sequentialLatency(url: string, body: string, cookie: string, n: number): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const t = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': `bench-latency-${i}` },
      body,
    });
    const text = await res.text();
    if (!res.ok || text.includes('"errors"')) throw new Error(`calendar read failed at ${url}: ${text.slice(0, 300)}`);
    if (i >= 10) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), samples: times.length };
}

/**
 * The calendar page in Chromium, opened from the property home as a user does (shared scripts
 * cached, its own not): milliseconds from navigation start until today's rooms cell is in the page
 * (median of 3 fresh browser contexts), then the longest main-thread task while the grid is
 * scrolled across all 18 months.
 */
export async function calendarPage(browser: Browser, base: string, cookie: string, scope: CalendarScope) {
  const runs: { interactiveMs: number; longest: number; ownScripts: number }[] = [];
  for (let run = 0; run < 3; run++) runs.push(await openCalendarOnce(browser, base, cookie, scope, run === 0));
  runs.sort((a, b) => a.interactiveMs - b.interactiveMs);
  return {
    interactiveMs: runs[1].interactiveMs,
    longestScrollTaskMs: Math.max(...runs.map((r) => r.longest)), // only the first run scrolls
    // Scripts the calendar needed that the property home had not loaded: its own code comes with it.
    ownScripts: Math.min(...runs.map((r) => r.ownScripts)),
  } satisfies CalendarPage;
}

async function openCalendarOnce(browser: Browser, base: string, cookie: string, scope: CalendarScope, scroll: boolean) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
    }),
  );
  const home = await context.newPage();
  const homeScripts: string[] = [];
  home.on('request', (r) => r.resourceType() === 'script' && homeScripts.push(r.url()));
  await home.goto(`${base}/properties/${scope.propertyId}`);
  await home.waitForLoadState('networkidle');
  await home.close();

  const page = await context.newPage();
  const today = factoryToday();
  await page.addInitScript((day: string) => {
    const w = window as unknown as { __longest: number; __cellAt?: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
    // When today's cell enters the DOM, on the page's own clock (0 = navigation start), as the sign-in weight is timed.
    new MutationObserver((_, observer) => {
      if (document.querySelector(`[data-cell="rooms|${day}"]`)) {
        w.__cellAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, today);
  const pageScripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && pageScripts.push(r.url()));
  await page.goto(`${base}/properties/${scope.propertyId}/rates-and-inventory/${scope.roomTypeId}`);
  await page.locator(`[data-cell="rooms|${today}"]`).click();
  const cellAt = await page.evaluate(() => (window as unknown as { __cellAt?: number }).__cellAt);
  if (!cellAt) throw new Error("today's cell was clicked but never seen entering the page");
  const interactiveMs = Math.round(cellAt);
  const ownScripts = pageScripts.filter((u) => !homeScripts.includes(u)).length;
  if (!scroll) {
    await context.close();
    return { interactiveMs, longest: 0, ownScripts };
  }
  // Only the scrolling counts: forget the tasks of loading.
  await page.evaluate(() => {
    (window as unknown as { __longest: number }).__longest = 0;
  });
  const longest = await page.evaluate(async () => {
    if (!PerformanceObserver.supportedEntryTypes.includes('longtask'))
      throw new Error('this Chromium reports no long tasks: the scroll cannot be measured');
    const grid = document.querySelector('.rates-grid') as HTMLElement;
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const steps = 120;
    const end = grid.scrollWidth - grid.clientWidth;
    for (let i = 1; i <= steps; i++) {
      grid.scrollLeft = (end * i) / steps;
      await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => requestAnimationFrame(r));
    }
    if (grid.scrollLeft < end - 1) throw new Error('the grid did not scroll to its end');
    await new Promise((r) => setTimeout(r, 200));
    return (window as unknown as { __longest: number }).__longest;
  });
  await context.close();
  return { interactiveMs, longest: Math.round(longest), ownScripts };
}
