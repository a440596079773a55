import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { factoryToday } from '../support/property-today';
import dayjs from 'dayjs';
import { addDays, addMonths, RATES_NAVIGATION_TEXTS } from '../../resources/rates-inventory/rates-inventory.schema';
import { sellingPlan, sendDemoBooking } from './support/bookings';
import { noSidewaysScroll } from './support/layout';

// Two sign-ins (each waits for the anti-spam check and a mailed code) and 18 months of data.
test.describe.configure({ timeout: 90_000 });

/** The first room type of a property, through the API with the page's session cookies. */
async function firstRoomType(page: Page, propertyId: number): Promise<string> {
  const res = await page.request.post('/graphql', {
    data: { query: `query { roomTypes(input: { propertyId: ${propertyId} }) { nodes { id name } } }` },
  });
  const body = await res.json();
  return body.data.roomTypes.nodes[0].id;
}
const cell = (page: Page, row: string, date: string) => page.locator(`[data-cell="${row}|${date}"]`);
/** Days from the property's today: the demo property is in Sydney, whose day starts before UTC's. */
const dayAhead = (n: number) => addDays(factoryToday(), n);

test('edit three cells with the keyboard, save, reload and see them; a second browser sees the change live', async ({
  page,
  browser,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  const url = `/properties/1/rates-and-inventory/${roomTypeId}`;

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/sign-in');
  // Watching needs only read access (and leaves the admin's hourly sign-in codes to the specs that need an admin).
  await signIn(second, 'viewer@harbourview.example');
  await second.goto(url);
  await expect(second.getByRole('grid', { name: 'Rates and inventory calendar' })).toBeVisible();

  // Reached from the room types list and from the property home.
  await page.goto('/properties/1/room-types');
  await page
    .getByRole('link', { name: /^Rates and inventory: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/properties\/1\/rates-and-inventory\/\d+$/);
  await page.goto('/properties/1');
  await page.getByRole('list', { name: 'Rates and inventory' }).getByRole('link').first().click();
  await expect(page).toHaveURL(url);
  const grid = page.getByRole('grid', { name: 'Rates and inventory calendar' });
  await expect(grid).toBeVisible();
  // Today's column is selected first; yesterday is shown greyed and does not open for editing.
  await expect(page.locator('[aria-selected="true"]')).toHaveAttribute('data-cell', `rooms|${dayAhead(0)}`);
  await grid.evaluate((el) => {
    el.scrollLeft = 0;
  });
  await cell(page, 'rooms', dayAhead(-1)).click();
  await expect(cell(page, 'rooms', dayAhead(-1))).toHaveAttribute('aria-readonly', 'true');
  await page.keyboard.type('9');
  await expect(page.locator('.rates-grid__editor')).toHaveCount(0);
  // Rooms to sell of day 2, then the first plan's rate below it, then the next day's.
  await cell(page, 'rooms', dayAhead(2)).click();
  await page.keyboard.type('17');
  await page.keyboard.press('Enter');
  await page.keyboard.type('333.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('344');
  await page.keyboard.press('Enter');
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(3);
  await page.getByRole('button', { name: /Save changes/ }).click();
  await expect(page.getByText('Changes saved successfully.')).toBeVisible();
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(0);

  await page.reload();
  await expect(cell(page, 'rooms', dayAhead(2))).toHaveText('17');
  const rateRow = await page.locator('[data-row$="|rate"]').first().getAttribute('data-row');
  await expect(cell(page, rateRow!, dayAhead(2))).toHaveText('333.50');
  await expect(cell(page, rateRow!, dayAhead(3))).toHaveText('344.00');

  // The second browser got it without reloading.
  await expect(cell(second, 'rooms', dayAhead(2))).toHaveText('17');
  await expect(cell(second, rateRow!, dayAhead(3))).toHaveText('344.00');
  await other.close();
});

test('a bulk update through its preview, then undo it', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}/bulk-update`);
  await expect(page.getByRole('heading', { name: /Bulk update/ })).toBeVisible();
  // Two date ranges: days 3 to 5 and 8 to 9 ahead.
  // Dates are typed as the rest of the portal shows them (dd-mm-yyyy); yyyy-mm-dd is read too.
  const typed = (iso: string) => iso.split('-').reverse().join('-');
  const dates = page.getByPlaceholder('dd-mm-yyyy');
  await dates.nth(0).fill(typed(dayAhead(3)));
  await dates.nth(1).fill(typed(dayAhead(5)));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bulk-preview')).toHaveCount(0); // Enter chose the dates, it did not submit
  await page.getByRole('button', { name: 'Add another date range' }).click();
  await dates.nth(2).fill(dayAhead(8));
  await dates.nth(3).fill(dayAhead(9));
  await page.keyboard.press('Enter');
  await page.getByLabel(CELL_ROOMS).fill('5');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('bulk-preview');
  await expect(preview.getByText('5 days selected')).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Changes saved successfully\. \d+ cells updated\./)).toBeVisible();

  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}`);
  await expect(cell(page, 'rooms', dayAhead(5))).toHaveText('5');
  await expect(cell(page, 'rooms', dayAhead(9))).toHaveText('5');
  await expect(cell(page, 'rooms', dayAhead(6))).not.toHaveText('5');
  await page.getByRole('button', { name: 'Recent updates' }).click();
  // The update says what it changed, not only how many cells.
  const recent = page.getByRole('dialog', { name: 'Recent updates' });
  await expect(recent.locator('.ant-list-item').first()).toContainText(/Rooms to sell set to 5 · \d+ days/);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/recent-updates-1440.png` });
  await page.getByRole('button', { name: 'Undo' }).first().click();
  await expect(cell(page, 'rooms', dayAhead(5))).not.toHaveText('5');
});

test('a property admin on a derbysoft property sees the calendar read-only', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'admin@hobartlodge.example');
  // Property 4 of the demo data is on derbysoft with the rates service on; this is its property admin.
  const roomTypeId = await firstRoomType(page, 4);
  await page.goto(`/properties/4/rates-and-inventory/${roomTypeId}`);
  await expect(page.getByRole('grid', { name: 'Rates and inventory calendar' })).toBeVisible();
  await expect(page.getByText('You can view these rates but not change them here.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Save changes/ })).toHaveCount(0);
  await cell(page, 'rooms', dayAhead(1)).click();
  await page.keyboard.type('9');
  await expect(page.locator('.rates-grid__editor')).toHaveCount(0);
});

const CELL_ROOMS = 'Rooms to sell';

test('two editors on one cell: the later save gets the conflict view with the other value and who set it, and keeps what they choose', async ({
  page,
  browser,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  const url = `/properties/1/rates-and-inventory/${roomTypeId}`;
  const day = dayAhead(5); // in view without scrolling
  const stored = async (): Promise<number> => {
    const res = await page.request.post('/graphql', {
      data: {
        query:
          'query ($r: ID!, $d: String!) { ratesCalendar(propertyId: 1, roomTypeId: $r, from: $d, to: $d) { roomsToSell } }',
        variables: { r: roomTypeId, d: day },
      },
    });
    return (await res.json()).data.ratesCalendar.roomsToSell[0];
  };
  // Values apart from what is stored, so a retry of this test starts as the first run did.
  const base = (await stored()) + 10;
  const [theirs1, mine1, mine2, theirs2] = [base + 1, base + 2, base + 3, base + 4].map(String);
  const other = await browser.newContext();
  const a = await other.newPage();
  await a.goto('/sign-in');
  await signIn(a, 'admin@harbourview.example');
  for (const p of [a, page]) {
    await p.goto(url);
    await expect(p.getByRole('grid', { name: 'Rates and inventory calendar' })).toBeVisible();
  }
  const typeInto = async (p: Page, value: string) => {
    await cell(p, 'rooms', day).click();
    await p.keyboard.type(value);
    await p.keyboard.press('Enter');
  };
  // B (page) types first; A saves the same cell; B's page marks it at once, then B saves and decides.
  await typeInto(page, mine1);
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(1);
  await typeInto(a, theirs1);
  await a.getByRole('button', { name: /Save changes/ }).click();
  await expect(a.getByText('Changes saved successfully.')).toBeVisible();

  const conflict = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(conflict).toContainText('1 cell you changed was changed by someone else. Nothing has been saved.');
  await expect(page.getByText('1 cell was just updated.')).toBeVisible();
  await expect(a.getByText(/just updated/)).toHaveCount(0); // not news to the one who saved it
  await page.getByRole('button', { name: /Save changes/ }).click();
  await expect(conflict).toContainText(`Ava Admin set ${theirs1}; you typed ${mine1}.`);
  await expect(cell(page, 'rooms', day)).toHaveText(mine1); // still pending, not saved
  expect(await stored()).toBe(Number(theirs1));

  // Use theirs: the edit goes and theirs stays. Then a new edit, kept over theirs knowingly.
  await conflict.getByRole('button', { name: 'Use their value' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(cell(page, 'rooms', day)).toHaveText(theirs1);
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(0);
  await typeInto(page, mine2);
  await typeInto(a, theirs2);
  await a.getByRole('button', { name: /Save changes/ }).click();
  // A's first notice may still be up beside the second one: the saved value tells this save landed.
  await expect.poll(stored).toBe(Number(theirs2));
  await expect(conflict).toContainText(`you typed ${mine2}`);
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByText('Changes saved successfully.')).toBeVisible();
  await expect(conflict).toHaveCount(0);
  expect(await stored()).toBe(Number(mine2));
  await other.close();
});

test('a typed date range closes its calendar, so the first click on a weekday beneath it counts (issue 25); one update covers every room type (issue 31)', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}/bulk-update`);
  const typed = (iso: string) => iso.split('-').reverse().join('-');
  const dates = page.getByPlaceholder('dd-mm-yyyy');
  await dates.nth(0).click();
  await dates.nth(0).fill(typed(dayAhead(3)));
  await dates.nth(1).click();
  await dates.nth(1).fill(typed(dayAhead(5)));
  const saturday = page.getByRole('checkbox', { name: 'Sat' });
  await expect(saturday).toBeChecked();
  // Without a retry: an open calendar over the checkbox would take this click.
  await saturday.click({ timeout: 5_000 });
  await expect(saturday).not.toBeChecked();
  // The usual sets of days in one click each.
  await page.getByRole('button', { name: 'Weekends' }).click();
  await expect(saturday).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sun' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Weekdays' }).click();
  await expect(saturday).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Fri' })).toBeChecked();
  await page.getByRole('button', { name: 'All days' }).click();
  await expect(saturday).toBeChecked();

  // Every room type and all their rate plans in one tick: minimum stay 7 over days 3 to 5.
  const rooms = (
    await (
      await page.request.post('/graphql', {
        data: { query: 'query { roomTypes(input: { propertyId: 1 }, limit: 100) { nodes { id name } } }' },
      })
    ).json()
  ).data.roomTypes.nodes as { id: string; name: string }[];
  await page.locator('.bulk-targets .ant-tree-title', { hasText: 'All room types' }).click();
  const summary = page.getByTestId('bulk-targets-summary');
  for (const r of rooms) await expect(summary).toContainText(`${r.name}: `);
  await page.getByLabel('Minimum stay', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('bulk-preview');
  // The preview counts and samples each room type under its own heading.
  for (const r of rooms) await expect(preview.getByRole('region', { name: r.name })).toBeVisible();
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/bulk-room-types-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/bulk-room-types-390.png`, fullPage: true });
    await noSidewaysScroll(page);
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Changes saved successfully\. \d+ cells updated\./)).toBeVisible();
  const minStay = async (roomTypeId: string) => {
    const res = await page.request.post('/graphql', {
      data: {
        query: `query { ratesCalendar(propertyId: 1, roomTypeId: "${roomTypeId}", from: "${dayAhead(4)}", to: "${dayAhead(4)}") { plans { minStay } } }`,
      },
    });
    return ((await res.json()).data.ratesCalendar.plans as { minStay: (number | null)[] }[]).map((x) => x.minStay[0]);
  };
  const last = rooms[rooms.length - 1].id;
  expect(new Set(await minStay(last))).toEqual(new Set([7]));
  // One undo takes it back in every room type.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The update was undone.')).toBeVisible();
  expect(await minStay(last)).not.toContain(7);
  expect(await minStay(roomTypeId)).not.toContain(7);
});

test('the calendar shows rooms booked and left to sell each night, tinted and named by state; a booking received moves them live', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  const plan = await sellingPlan(page, 1, roomTypeId);
  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}`);
  const night = dayAhead(3);
  // Rooms to sell that night: 1, saved through the grid.
  await cell(page, 'rooms', night).dblclick();
  await page.getByLabel(`Rooms to sell ${night}`).fill('1');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  const booked = Number(await cell(page, 'booked', night).textContent());
  const left = cell(page, 'left', night);
  await expect(left).toHaveAttribute('title', new RegExp(`: ${1 - booked}$`));

  await sendDemoBooking(page, {
    ...plan,
    bookingRef: `GRID-${Date.now()}`,
    guest: 'Grid Guest',
    checkIn: night,
    checkOut: dayAhead(4),
    total: '200.00',
  });
  await expect(cell(page, 'booked', night)).toHaveText(String(booked + 1));
  // One room to sell and at least one booked: sold out or overbooked, said in words as well as colour.
  await expect(left).toHaveAttribute('title', new RegExp(`^(Sold out|Overbooked): ${-booked}$`));
  await expect(left).toHaveClass(/is-(soldOut|overbooked)/);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-booked-1440.png` });
});

test('one click closes a room type for a day: the status turns red with its word, every plan that night says why, and one more click opens it', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}`);
  const night = dayAhead(6);
  const status = cell(page, 'status', night);
  await expect(status).toHaveText('✓ Open');
  await status.click();
  await expect(status).toHaveText('✕ Closed');
  await page.getByRole('button', { name: 'Save changes (1)' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  await page.reload();
  await expect(status).toHaveText('✕ Closed');
  // Red, and never by colour alone: the word in the cell, the reason on each plan's rate that night.
  expect(await status.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 226, 225)');
  const rateRows = page.locator('[data-row$="|rate"]');
  const count = await rateRows.count();
  for (let i = 0; i < count; i++) {
    const row = await rateRows.nth(i).getAttribute('data-row');
    await expect(cell(page, row!, night)).toHaveAttribute('title', 'Not selling: Room closed');
  }
  await expect(cell(page, (await rateRows.first().getAttribute('data-row'))!, dayAhead(7))).not.toHaveAttribute(
    'title',
    /Room closed/,
  );
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-room-closed-1440.png` });
  // Recent updates say it in words; one click opens it again.
  await page.getByRole('button', { name: 'Recent updates' }).click();
  await expect(page.getByRole('dialog', { name: 'Recent updates' }).locator('.ant-list-item').first()).toContainText(
    'Room closed ·',
  );
  await page.keyboard.press('Escape');
  await status.click();
  await page.getByRole('button', { name: 'Save changes (1)' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  await expect(status).toHaveText('✓ Open');
});

test('a block: drag over 7 days and type +10%, undo and redo it before saving, paste a 3 × 2 block from a spreadsheet, save', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}`);
  const rateRows = page.locator('[data-row$="|rate"]');
  // The third to fifth plans: the other tests here edit the first.
  const [a, b, c] = await Promise.all([2, 3, 4].map((i) => rateRows.nth(i).getAttribute('data-row')));
  const days = [1, 2, 3, 4, 5, 6, 7].map(dayAhead);
  // A cell's rate (a night that does not sell also says why, for screen readers, after it).
  const rateOf = (text: string | null) => (text ?? '').split(' ')[0];
  const showing = (rate: string) => new RegExp(`^${rate.replace('.', '\\.')}`);
  const before = (await Promise.all(days.map((d) => cell(page, a!, d).textContent()))).map(rateOf);
  const plusTenPercent = (rate: string) => {
    const cents = Math.round(Number(rate) * 100);
    return (Math.round((cents * 110) / 100) / 100).toFixed(2);
  };

  await cell(page, a!, days[0]).hover();
  await page.mouse.down();
  await cell(page, a!, days[6]).hover();
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: '7 cells selected.' })).toBeVisible();
  await page.keyboard.type('+10%');
  await page.keyboard.press('Enter');
  for (const [i, d] of days.entries()) await expect(cell(page, a!, d)).toHaveText(showing(plusTenPercent(before[i])));
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(7);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-block-1440.png` });
  await page.keyboard.press('Control+z');
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(0);
  await expect(cell(page, a!, days[0])).toHaveText(showing(before[0]));
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(7);

  // Three days of two plans, as a spreadsheet copies them.
  await cell(page, b!, days[1]).click();
  await page.evaluate(() => navigator.clipboard.writeText('201\t202\t203\r\n204\t205\t206\r\n'));
  await page.keyboard.press('Control+v');
  await expect(page.locator('.rates-grid__cell.is-dirty')).toHaveCount(13);
  await page.getByRole('button', { name: 'Save changes (13)' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  await page.reload();
  await expect(cell(page, a!, days[6])).toHaveText(showing(plusTenPercent(before[6])));
  for (const [i, v] of ['201.00', '202.00', '203.00'].entries())
    await expect(cell(page, b!, days[i + 1])).toHaveText(showing(v));
  for (const [i, v] of ['204.00', '205.00', '206.00'].entries())
    await expect(cell(page, c!, days[i + 1])).toHaveText(showing(v));
  // What was copied pastes back as the same text.
  await cell(page, b!, days[1]).click();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Control+c');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('201.00\t202.00');
});

test('every room type on one grid: reached from the home, a total row that adds up the blocks, a 7 / 14 / 30-day zoom, a room closed from its block; on a phone too', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  await page.goto('/properties/1');
  await page.getByRole('list', { name: 'Rates and inventory' }).getByRole('link', { name: 'All room types' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/rates-and-inventory\/\d+\?view=all$/);
  const totals = page.getByRole('table', { name: 'All room types: totals' });
  await expect(totals).toHaveAttribute('aria-busy', 'false');
  const blocks = page.locator('section.rates-overview__block');
  const names = await blocks.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')!));
  expect(names.length).toBeGreaterThan(1);
  // 14 days by default, from today.
  await expect(totals.locator('[data-cell^="total-rooms|"]')).toHaveCount(14);
  await expect(totals.locator(`[data-cell="total-rooms|${dayAhead(0)}"]`)).toBeVisible();
  // The total is the blocks' sum, each day.
  const night = dayAhead(5);
  let sum = 0;
  for (const name of names) {
    const text = await page.getByRole('region', { name }).locator(`[data-cell="rooms|${night}"]`).textContent();
    sum += Number(text || 0);
  }
  await expect(totals.locator(`[data-cell="total-rooms|${night}"]`)).toHaveText(String(sum));
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-overview-1440.png` });

  // A room closed from its block, saved with that block's own save.
  const second = page.getByRole('region', { name: names[1] });
  await second.locator(`[data-cell="status|${dayAhead(9)}"]`).click();
  await second.getByRole('button', { name: 'Save changes (1)' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  await expect(second.locator(`[data-cell="status|${dayAhead(9)}"]`)).toHaveText('✕ Closed');
  await second.locator(`[data-cell="status|${dayAhead(9)}"]`).click();
  await second.getByRole('button', { name: 'Save changes (1)' }).click();
  await expect(second.locator(`[data-cell="status|${dayAhead(9)}"]`)).toHaveText('✓ Open');
  // Saved (the pending cell shows its value before the save lands): nothing is left to lose on leaving.
  await expect(second.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  // Zoom and paging are in the URL.
  await page.getByRole('radiogroup', { name: 'Days shown' }).getByText('7 days').click();
  await expect(totals.locator('[data-cell^="total-rooms|"]')).toHaveCount(7);
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page).toHaveURL(new RegExp(`days=7&from=${dayAhead(7)}`));
  await expect(totals.locator(`[data-cell="total-rooms|${dayAhead(7)}"]`)).toBeVisible();
  // Collapsing a block keeps its days in the total.
  await page.getByRole('button', { name: names[0] }).click();
  await expect(page.getByRole('button', { name: names[0] })).toHaveAttribute('aria-expanded', 'false');
  await expect(totals).toHaveAttribute('aria-busy', 'false');
  // Back to one room type's whole calendar.
  await page.getByRole('radiogroup', { name: 'Rooms shown' }).getByText('This room type').click();
  await expect(page.getByRole('table', { name: 'All room types: totals' })).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Rates and inventory calendar' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(page.url() + '?view=all');
  await expect(totals).toHaveAttribute('aria-busy', 'false');
  await noSidewaysScroll(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-overview-390.png` });

  // A phone's day view: the room's status, rooms and rates for one day, and "Close tonight" in one tap.
  await page.getByRole('radiogroup', { name: 'Rooms shown' }).getByText('Day').click();
  await expect(page).toHaveURL(/view=day/);
  const status = page.getByRole('switch', { name: `Room status ${dayAhead(0)}` });
  await expect(status).toHaveAttribute('aria-checked', 'true');
  await expect(
    page
      .getByRole('list', { name: `Rates ${dayAhead(0)}` })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Close tonight' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  await expect(status).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('button', { name: 'Closed tonight' })).toBeDisabled();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-day-390.png` });
  // Open again, and a rate typed for tomorrow, saved with the one save.
  await status.click();
  await page.getByRole('button', { name: 'Next day' }).click();
  const rate = page
    .getByRole('list', { name: `Rates ${dayAhead(1)}` })
    .getByRole('textbox')
    .first();
  await rate.fill('321');
  await rate.blur();
  await page.getByRole('button', { name: 'Save changes (2)' }).click();
  await expect(page.getByText(/Changes saved successfully/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(
    page
      .getByRole('list', { name: `Rates ${dayAhead(1)}` })
      .getByRole('textbox')
      .first(),
  ).toHaveValue('321.00');
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(status).toHaveAttribute('aria-checked', 'true');
});

test("on a phone the calendar moves with the phone's own pickers (a room type, a month, a date, the day view's day), and its drawers are mounted when first opened", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  await page.goto(`/properties/1/rates-and-inventory/${roomTypeId}`);
  const grid = page.getByRole('grid', { name: 'Rates and inventory calendar' });
  await expect(grid).toBeVisible();
  const roomType = page.getByRole('combobox', { name: RATES_NAVIGATION_TEXTS.roomType });
  const month = page.getByRole('combobox', { name: RATES_NAVIGATION_TEXTS.month });
  const selected = page.locator('[aria-selected="true"]');
  // The browser's own fields; none of antd's selects, pickers or drawers is mounted.
  await expect(roomType).toHaveJSProperty('tagName', 'SELECT');
  await expect(roomType).toHaveValue(roomTypeId);
  await expect(page.locator('.ant-select, .ant-picker, .ant-drawer')).toHaveCount(0);
  await noSidewaysScroll(page);

  // A month: its first day is brought into view and selected; the field is back at its prompt.
  const firstOfMonth = `${addMonths(dayAhead(0), 3).slice(0, 7)}-01`;
  await expect(cell(page, 'rooms', firstOfMonth)).toHaveCount(0);
  await month.selectOption(firstOfMonth);
  await expect(selected).toHaveAttribute('data-cell', `rooms|${firstOfMonth}`);
  await expect(cell(page, 'rooms', firstOfMonth)).toBeInViewport();
  await expect(month).toHaveValue('');
  // A date, then today.
  const date = dayAhead(40);
  await page.getByLabel(RATES_NAVIGATION_TEXTS.date).fill(date);
  await expect(selected).toHaveAttribute('data-cell', `rooms|${date}`);
  await expect(cell(page, 'rooms', date)).toBeInViewport();
  await page.getByRole('button', { name: RATES_NAVIGATION_TEXTS.today }).click();
  await expect(selected).toHaveAttribute('data-cell', `rooms|${dayAhead(0)}`);
  await expect(cell(page, 'rooms', dayAhead(0))).toBeInViewport();
  // Scrolled away by hand, Today brings today back again.
  const atToday = await grid.evaluate((el) => el.scrollLeft);
  await grid.evaluate((el) => {
    el.scrollLeft += 3000;
  });
  await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(atToday + 1000);
  await page.getByRole('button', { name: RATES_NAVIGATION_TEXTS.today }).click();
  await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBe(atToday);
  await expect(cell(page, 'rooms', dayAhead(0))).toBeInViewport();

  // Recent updates: the drawer is mounted as it opens.
  await page.getByRole('button', { name: 'Recent updates' }).click();
  await expect(page.getByRole('dialog', { name: 'Recent updates' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Recent updates' })).toBeHidden();

  // Another room type, kept in the day view; the day is the phone's own date field, the weekday beside it.
  const other = (await roomType.locator('option').nth(1).getAttribute('value'))!;
  await roomType.selectOption(other);
  await expect(page).toHaveURL(new RegExp(`/rates-and-inventory/${other}$`));
  await expect(roomType).toHaveValue(other);
  await page.getByRole('radiogroup', { name: 'Rooms shown' }).getByText('Day').click();
  const day = page.locator('.rates-day').getByLabel('Day', { exact: true });
  await expect(day).toHaveValue(dayAhead(0));
  await day.fill(dayAhead(10));
  await expect(page.getByRole('switch', { name: `Room status ${dayAhead(10)}` })).toBeVisible();
  await expect(page.locator('.rates-day__weekday')).toHaveText(dayjs(dayAhead(10)).format('ddd'));
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(day).toHaveValue(dayAhead(9));
  await expect(page.locator('.ant-picker')).toHaveCount(0);
  await noSidewaysScroll(page);
});

test("a linked rate plan: set on the plan's form, its rates follow the parent's change in the grid and cannot be typed; unlinked again", async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  const roomTypeId = await firstRoomType(page, 1);
  const grid = `/properties/1/rates-and-inventory/${roomTypeId}`;
  await page.goto(grid);
  const rowOf = async (name: string) =>
    (await page.locator('[data-row$="|rate"]').filter({ hasText: name }).first().getAttribute('data-row'))!;
  const parentRow = await rowOf('Best available rate');
  const childRow = await rowOf('Members exclusive');
  const childId = childRow.split('|')[0];

  await page.goto(`/properties/1/rate-plans/${childId}`);
  const follows = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Follows' }) });
  // Chosen once the record has arrived (its title is the plan's name), and seen chosen before saving.
  const choose = async (title: string) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Members exclusive' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Follows' }).click({ force: true });
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
    await expect(follows.locator('.ant-select-selection-item')).toHaveText(title);
  };
  await choose('Best available rate');
  await page.getByRole('textbox', { name: 'Link amount' }).fill('-10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved successfully.').first()).toBeVisible();

  await page.goto(grid);
  const night = dayAhead(8);
  await expect(page.locator(`[data-row="${childRow}"]`).getByRole('button')).toContainText(
    'follows Best available rate −10 %',
  );
  await expect(cell(page, childRow, night)).toHaveAttribute('aria-readonly', 'true');
  await expect(cell(page, childRow, night)).toHaveAttribute('title', 'Follows Best available rate −10 %');
  // A new price for the parent (10 more than it has, so a retry changes it too); the child follows at −10 %.
  const price = Math.round(Number.parseFloat((await cell(page, parentRow, night).textContent()) ?? '') || 240) + 10;
  await cell(page, parentRow, night).dblclick();
  await page.getByLabel(`Best available rate ${night}`).fill(String(price));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save changes (1)' }).click();
  await expect(page.getByText(/Changes saved successfully/)).toBeVisible();
  await expect(cell(page, childRow, night)).toHaveText(new RegExp(`^${(price * 0.9).toFixed(2).replace('.', '\\.')}`));
  // Typing over the linked rate does nothing.
  await cell(page, childRow, night).click();
  await page.keyboard.type('1');
  await expect(page.locator('.rates-grid__editor')).toHaveCount(0);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/rates-linked-1440.png` });

  // Unlinked, it is priced by hand again (and the demo data stays as the other specs expect).
  await page.goto(`/properties/1/rate-plans/${childId}`);
  await choose('Not linked: priced by hand');
  await expect(page.getByRole('textbox', { name: 'Link amount' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved successfully.').first()).toBeVisible();
  await page.goto(`/properties/1/rate-plans/${childId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Members exclusive' })).toBeVisible();
  await expect(follows.locator('.ant-select-selection-item')).toHaveText('Not linked: priced by hand');
  await page.goto(grid);
  await expect(cell(page, childRow, night)).not.toHaveAttribute('aria-readonly', 'true');
});
