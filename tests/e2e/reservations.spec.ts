import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { sellingPlan, sendDemoBooking } from './support/bookings';
import { noSidewaysScroll } from './support/layout';
import { FRONT_DESK_VIEWS } from '../../resources/reservations/front-desk';
import { CSV_COLUMNS, RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';
import { financialYear } from '../../resources/timings';
import dayjs from 'dayjs';
import { addDays } from '../../resources/days';
import { dayIn, propertyZone } from '../../resources/property-day';
import { takenOver } from './support/taken-over';
import { clickWhenSettled } from './support/motion';
import { filtersButton } from './support/phone-filters';

test.describe.configure({ timeout: 90_000 });

const rows = (page: Page) => page.locator('.reservations-table tbody tr.ant-table-row');
const column = async (page: Page, index: number) =>
  rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), index);

test('filter and sort the list from the URL, open a booking and come back, export the filter as CSV', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  // Every reservation (the list opens on upcoming arrivals).
  await page.goto('/properties/1/reservations?view=all');
  // The first visit loads the page's chunk (and the table's) cold.
  await expect(page.getByRole('heading', { name: 'Reservations', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(rows(page)).toHaveCount(20);
  const totals = page.getByLabel('Totals of the filtered reservations');
  await expect(totals).toContainText(/Reservations3\d\d/); // 300 seeded, and any a live test has added

  // Cancelled only: the address keeps the filter, every row says Cancelled.
  await page.getByLabel('State').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Cancelled"]').click();
  await expect(page).toHaveURL(/state=cancelled/);
  await expect(totals).toContainText('Reservations33');
  expect(new Set(await column(page, 9))).toEqual(new Set(['Cancelled']));

  // Sort by check-in, ascending, then descending.
  await page.getByRole('columnheader', { name: 'Check-in' }).click();
  await expect(page).toHaveURL(/sort=check_in&direction=asc|direction=asc/);
  // The address changes first; the rows follow when the new page has loaded.
  const checkIns = async () => (await column(page, 2)).map((d) => d.split('-').reverse().join('-'));
  await expect
    .poll(async () => {
      const days = await checkIns();
      return days.length === 20 && days.join() === [...days].sort().join();
    })
    .toBe(true);
  expect((await checkIns())[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('columnheader', { name: 'Booked' }).click();
  await expect(page).toHaveURL(/sort=created_at/);

  // The same address in a fresh load shows the same view (bookmarkable).
  const url = page.url();
  await page.reload();
  await expect(totals).toContainText('Reservations33');
  expect(page.url()).toBe(url);

  // Open a booking; its page shows the stay and its history; Back keeps the filter.
  const ref = (await column(page, 0))[0].split('\n')[0];
  await rows(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: new RegExp(`Reservation ${ref}`) })).toBeVisible();
  await expect(page.getByText('Cancelled').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to reservations' }).click();
  await expect(page).toHaveURL(/state=cancelled/);

  // Export: every row of the filter (not one page), the header first, dates as yyyy-MM-dd.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const raw = readFileSync(await (await download).path()!, 'utf8');
  // A byte-order mark first, so a spreadsheet opened by double-click reads accented names right.
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const file = raw.slice(1).trim().split('\n');
  expect(file[0]).toBe(CSV_COLUMNS.map(([h]) => h).join(','));
  expect(file).toHaveLength(34);
  expect(file.slice(1).every((line) => /,cancelled,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},/.test(line))).toBe(true);

  // A semicolon file for a spreadsheet that expects one; the choice is remembered after a reload.
  await page.getByRole('button', { name: 'CSV separator: commas (,)' }).click();
  await clickWhenSettled(page.getByRole('menuitem', { name: 'Separate with semicolons (;)' }));
  await page.reload();
  const semicolon = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const semicolonFile = readFileSync(await (await semicolon).path()!, 'utf8')
    .slice(1)
    .trim()
    .split('\n');
  expect(semicolonFile[0]).toBe(CSV_COLUMNS.map(([h]) => h).join(';'));
  expect(semicolonFile).toHaveLength(34);
  await expect(page.getByRole('button', { name: 'CSV separator: semicolons (;)' })).toBeVisible();

  // An unknown reference shows the not-found text.
  await page.goto('/properties/1/reservations/HX999999');
  await expect(page.getByText("We couldn't find the page you were looking for.")).toBeVisible();
});

test('a booking sent by the booking system appears in an open list without reloading', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const plan = await sellingPlan(page, 1);
  await page.goto('/properties/1/reservations?sort=created_at');
  // The portal's own list, which is live (the server's drawing of it, before the portal takes it over, is not: first-screen.spec.ts).
  await takenOver(page);
  await expect(rows(page)).toHaveCount(20);
  const totals = page.getByLabel('Totals of the filtered reservations');
  const countNow = async () => Number((await totals.locator('dd').first().innerText()).replace(/\D/g, ''));
  const before = await countNow();

  const bookingRef = `LIVE-${Date.now()}`;
  const receipt = await sendDemoBooking(page, {
    ...plan,
    bookingRef,
    guest: 'Zoe Live',
    checkIn: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    checkOut: new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10),
    total: '420.00',
  });
  await expect(
    page.getByRole('status').filter({ hasText: RESERVATION_MESSAGES.received(receipt.hotelRef) }),
  ).toBeVisible();
  await expect(rows(page).first()).toContainText('Zoe Live');
  await expect.poll(countNow).toBe(before + 1);
});

test('on a 390 px phone the list and a booking fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  for (const path of ['/properties/1/reservations', '/properties/1/reservations/HX001000']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("the date range's financial-year presets filter the list to 1 July – 30 June", async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'viewer@harbourview.example');
  await page.goto('/properties/1/reservations?view=all');
  await expect(rows(page).first()).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  for (const [preset, back] of [
    ['This financial year', 0],
    ['Last financial year', 1],
  ] as const) {
    const fy = financialYear(today, back);
    await page.locator('.ant-picker-range').click();
    await page.locator('.ant-picker-presets').getByText(preset, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`from=${fy.from}&to=${fy.to}|to=${fy.to}.*from=${fy.from}`));
    await expect(page.locator('.ant-picker-range input').first()).toHaveValue(dayjs(fy.from).format('D MMM YYYY'));
  }
});

test('the list opens on upcoming arrivals; the front desk chips switch views through the address, and "All reservations" shows cancelled ones too', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const today = dayIn(propertyZone({ country: 'Australia' }));
  // What the list asks the server for: on arrival only the upcoming view, never every reservation
  // first (a read thrown away, and totals and buttons that jumped as the address caught up).
  const asked: { state?: string; from?: string }[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/graphql') || r.method() !== 'POST') return;
    const ops = [JSON.parse(r.postData() ?? '{}')].flat() as { query?: string; variables?: { query?: object } }[];
    for (const op of ops) if (op.query?.startsWith('query Reservations(')) asked.push(op.variables?.query ?? {});
  });
  const opened = await page.goto('/properties/1/reservations');
  // The server draws the list's first screen with the same read, which then comes in the page (first-screen.spec.ts).
  const drawn = /id="first-reads">(.*?)<\/script>/s.exec(await opened!.text());
  for (const query of drawn ? (JSON.parse(drawn[1]).state.queries as { queryKey: unknown[] }[]) : [])
    if (query.queryKey[1] === 'reservations') asked.push(query.queryKey[3] as { state?: string; from?: string });
  await expect(page).toHaveURL(new RegExp(`\\?state=reserved&from=${today}&direction=asc$`));
  const views = page.getByRole('navigation', { name: 'Front desk views' });
  await expect(views.getByRole('link', { name: FRONT_DESK_VIEWS.upcoming })).toHaveAttribute('aria-current', 'true');
  await expect(rows(page).first()).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((q) => q.state !== 'reserved' || q.from !== today)).toEqual([]);
  const checkIns = await column(page, 2);
  expect(checkIns.every((d) => d.split('-').reverse().join('-') >= today)).toBe(true);
  expect([...checkIns].map((d) => d.split('-').reverse().join('-'))).toEqual(
    [...checkIns].map((d) => d.split('-').reverse().join('-')).sort(),
  );

  // On arrival (the router's own address still the empty one), the chip of the view shown puts the
  // view in the address in place, not as a step to go back over.
  const steps = await page.evaluate(() => history.length);
  await views.getByRole('link', { name: FRONT_DESK_VIEWS.upcoming }).click();
  await expect(page).toHaveURL(new RegExp(`\\?state=reserved&from=${today}&direction=asc$`));
  expect(await page.evaluate(() => history.length)).toBe(steps);

  // The view is written into the address without a navigation: a booking opened from it comes back to it.
  await rows(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/properties\/1\/reservations\/[^/?]+$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?state=reserved&from=${today}&direction=asc$`));
  await expect(views.getByRole('link', { name: FRONT_DESK_VIEWS.upcoming })).toHaveAttribute('aria-current', 'true');

  await views.getByRole('link', { name: FRONT_DESK_VIEWS.next7 }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${addDays(today, 6)}`));
  await expect(views.getByRole('link', { name: FRONT_DESK_VIEWS.next7 })).toHaveAttribute('aria-current', 'true');
  await expect(views.getByRole('link', { name: FRONT_DESK_VIEWS.upcoming })).not.toHaveAttribute(
    'aria-current',
    'true',
  );

  await views.getByRole('link', { name: FRONT_DESK_VIEWS.all }).click();
  await expect(page).toHaveURL(/\?view=all$/);
  await page.getByLabel('State').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Cancelled"]').click();
  await expect(page).toHaveURL(/\?state=cancelled$/);
  await expect(rows(page).first()).toContainText('Cancelled');
  await expect(views.getByRole('link', { name: FRONT_DESK_VIEWS.all })).not.toHaveAttribute('aria-current', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\?view=all$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
});

test('on a phone the filters sit behind a button that counts them; the date range picker shows one whole month, every day of it can be tapped, and the presets sit above it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-in');
  await signIn(page, 'viewer@harbourview.example');
  await page.goto('/properties/1/reservations?view=all');
  // The list first; the filters one tap away, and the button says how many are set.
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByLabel('Date range')).toHaveCount(0);
  const filters = filtersButton(page, 0);
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'State' })).toBeVisible();
  await page.locator('.ant-picker-range').click();
  const dropdown = page.locator('.ant-picker-dropdown:visible');
  await expect(dropdown.locator('.ant-picker-panel:visible')).toHaveCount(1);
  await expect(dropdown.locator('.ant-picker-presets')).toContainText('This financial year');
  const days = dropdown.locator('.ant-picker-cell-in-view');
  const boxes = await days.evaluateAll((cells) =>
    cells.map((c) => {
      const r = c.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(28);
  expect(boxes.every((b) => b.left >= 0 && b.right <= 390)).toBe(true);
  // The month moves on from the one panel; a range is picked from it.
  await dropdown.locator('.ant-picker-header-next-btn').first().click();
  const month = dayjs().add(1, 'month');
  await dropdown.locator(`.ant-picker-cell[title="${month.date(3).format('YYYY-MM-DD')}"]`).click();
  await dropdown.locator(`.ant-picker-cell[title="${month.date(9).format('YYYY-MM-DD')}"]`).click();
  await expect(page).toHaveURL(
    new RegExp(`from=${month.date(3).format('YYYY-MM-DD')}&to=${month.date(9).format('YYYY-MM-DD')}`),
  );
  // Closed again, the button still tells that the list is filtered.
  const filtered = filtersButton(page, 1);
  await filtered.click();
  await expect(filtered).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'State' })).toBeHidden();
  await noSidewaysScroll(page);
});
