import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { signIn } from './support/sign-in';
import { sellingPlan, sendDemoBooking } from './support/bookings';
import { noSidewaysScroll } from './support/layout';
import { INSIGHTS_TEXT } from '../../resources/insights/insights';
import { addDays } from '../../resources/days';
import { dayIn, propertyZone } from '../../resources/property-day';

const SHOTS = process.env.E2E_SHOTS;
test("the property home shows today's figures and the next 90 nights; a booking received moves them without a reload; each count opens the list filtered to it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  // A viewer reads the figures too; the admin's 20 sign-in codes an hour are spent by the other specs.
  await signIn(page, 'viewer@harbourview.example');
  const plan = await sellingPlan(page, 1);
  await page.goto('/properties/1');
  // The figures load as they near the screen.
  await page.locator('[data-when-visible]').scrollIntoViewIfNeeded();
  const today = page.getByRole('region', { name: INSIGHTS_TEXT.today });
  const arrivals = today.getByRole('link', { name: new RegExp(`^${INSIGHTS_TEXT.arrivals}: \\d+$`) });
  await expect(arrivals).toBeVisible();
  const count = async () => Number(/(\d+)$/.exec((await arrivals.getAttribute('aria-label')) ?? '')?.[1]);
  const before = await count();
  const next90 = page.getByRole('region', { name: INSIGHTS_TEXT.next90 });
  await expect(next90.getByRole('slider', { name: INSIGHTS_TEXT.nights })).toBeVisible();
  const summary = next90.getByTestId('occupancy-summary');
  const soldNow = async () => Number(/^(\d+) of/.exec((await summary.textContent()) ?? '')?.[1]);
  const soldBefore = await soldNow();

  // A guest arriving today (the property's day, in Sydney), sent by the booking system.
  const day = dayIn(propertyZone({ country: 'Australia' }));
  const guest = `Insight Guest ${Date.now()}`;
  await sendDemoBooking(page, {
    ...plan,
    bookingRef: `INSIGHT-${Date.now()}`,
    guest,
    checkIn: day,
    checkOut: addDays(day, 2),
    total: '360.00',
  });
  await expect.poll(count).toBe(before + 1);
  await expect.poll(soldNow).toBe(soldBefore + 2);

  // The chart reads a night out, from the keyboard (the plot is a slider over the nights) and under the pointer.
  const chart = next90.getByRole('slider', { name: INSIGHTS_TEXT.nights });
  const tonight = new RegExp(
    `^${dayjs(day).format('D MMM')}( \\(weekend\\))?, ${INSIGHTS_TEXT.occupancy} \\d+ %, ${INSIGHTS_TEXT.adr} `,
  );
  await chart.focus();
  await chart.press('End');
  await chart.press('Home');
  await expect(chart).toHaveAttribute('aria-valuenow', '0');
  await expect(chart).toHaveAttribute('aria-valuetext', tonight);
  await chart.blur();
  await chart.hover({ position: { x: 1, y: 40 } });
  await expect(next90.locator('.day-chart-readout')).toHaveText(tonight);

  // The table behind the chart: tonight's row counts the new booking.
  await next90.locator('.ant-segmented-item', { hasText: 'Table' }).click();
  await expect(next90.locator('table')).toContainText('Night');
  await next90.locator('.ant-segmented-item', { hasText: 'Chart' }).click();

  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insights-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(next90.getByRole('slider', { name: INSIGHTS_TEXT.nights })).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insights-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await arrivals.click();
  await expect(page).toHaveURL(new RegExp(`dateField=check_in.*from=${day}.*to=${day}|from=${day}.*to=${day}`));
  await expect(page.locator('.reservations-table')).toContainText(guest);
});

test("the group dashboard sums today's counts and the next 90 nights over its properties, with each row's occupancy sparkline", async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'group.admin@coastal.example');
  await expect(page).toHaveURL(/\/property-groups\/\d+$/);
  const today = page.getByRole('region', { name: INSIGHTS_TEXT.today });
  await expect(today).toContainText(INSIGHTS_TEXT.arrivals);
  await expect(today.locator('.insights-number').first()).toHaveText(/^\d+$/);
  const summary = page.getByTestId('group-occupancy-summary');
  await expect(summary).toHaveText(/^\d+ of \d+ room nights sold \(\d+ %\)/);
  // Every row of the page carries its own sparkline, read from the same one query.
  const sparklines = page.getByRole('img', { name: /^Occupancy, next 30 nights: \d+ %$/ });
  await expect(sparklines.first()).toBeVisible();
  expect(await sparklines.count()).toBe(await page.locator('.ant-list-item').count());
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/group-insights-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(summary).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/group-insights-390.png`, fullPage: true });
});
