import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { complete, listProperties } from './support/properties';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { FINDER_TEXTS } from '../../resources/properties/property-finder';
import { BULK_STATUS_LABELS, STATUS_TEXTS } from '../../resources/properties/status-texts';
import { CHANGE_REASON_TEXTS } from '../../resources/change-reason';
import { noSidewaysScroll } from './support/layout';
import { clickWhenSettled } from './support/motion';
import { postDemoBooking } from './support/bookings';
import { WORKLIST, WORKLIST_TEXTS } from '../../resources/properties/worklist';
import { SWITCHER_TEXTS } from '../../resources/properties/switcher';
import { RESERVATION_MESSAGES } from '../../resources/reservations/reservations.schema';
import { CHANNEL_STATE_LABELS, CHANNEL_TEXTS } from '../../resources/reservations/channel-states';

test.describe.configure({ timeout: 90_000 });

test("staff's home is a worklist: a refusal made here is counted, and each link opens the finder filtered to its properties", async ({
  page,
}) => {
  // The booking system sends a booking for a room type the property does not have: refused, and kept for staff.
  const refused = await postDemoBooking(page, {
    bookingRef: `WL-${Date.now()}`,
    guest: 'Rita Refused',
    roomTypeId: '999999',
    ratePlanId: '999999',
    checkIn: '2027-06-01',
    checkOut: '2027-06-02',
    total: '100.00',
  });
  expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');

  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  const worklist = page.getByRole('list', { name: WORKLIST_TEXTS.title });
  const refusals = worklist.getByRole('listitem').filter({ hasText: WORKLIST.refusals.label });
  await expect(refusals).toContainText(/\d+ refusals? at \d+ propert/);
  await refusals.getByRole('link').click();
  await expect(page).toHaveURL(/\?attention=refusals$/);
  await expect(page.getByText(WORKLIST_TEXTS.filtered(WORKLIST.refusals.label))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sydney Harbour Hotel' })).toBeVisible();
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/worklist-filtered-1440.png`, fullPage: true });

  // The health check, from the profile menu, shows the refusal with its property and reason.
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await clickWhenSettled(page.getByRole('menuitem', { name: 'API health check' }));
  const kept = page.locator('.ant-card').filter({ hasText: 'Booking intake refusals' });
  await expect(kept.getByRole('row').filter({ hasText: 'Sydney Harbour Hotel' }).first()).toContainText(
    RESERVATION_MESSAGES.invalid,
  );
  // Each booking system's state at the property: still connected, with that refusal as its last error.
  const systems = page.locator('.ant-card').filter({ hasText: CHANNEL_TEXTS.title });
  const demo = systems.getByRole('row').filter({ hasText: 'Sydney Harbour Hotel' }).first();
  await expect(demo).toContainText(CHANNEL_STATE_LABELS.CONNECTED);
  await expect(demo).toContainText(RESERVATION_MESSAGES.invalid);
  if (process.env.E2E_SHOTS) {
    await systems.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/health-channels-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await systems.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/health-channels-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // Back home, every other count that shows also lands on its own filtered list, never an empty one.
  await page.goto('/');
  await expect(refusals).toBeVisible();
  const keys = await worklist
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('attention')));
  expect(keys).toContain('refusals');
  for (const key of keys) {
    await page.goto('/');
    await expect(refusals).toBeVisible();
    await worklist.getByRole('link', { name: WORKLIST[key as keyof typeof WORKLIST].label }).click();
    await expect(page).toHaveURL(new RegExp(`\\?attention=${key}$`));
    await expect(page.getByText(/Showing \d+–\d+ of \d+/)).toBeVisible();
  }

  // "Back to properties" on a property's home returns to the search it came from.
  await page.goto('/?q=harbour');
  await page.locator('a[href="/properties/1"]').click();
  await page.getByRole('link', { name: 'Back to properties' }).click();
  await expect(page).toHaveURL(/\/\?q=harbour$/);

  // Ctrl+K: a recent property, a property by name, and the open property's sections.
  await page.goto('/properties/2');
  await expect(page.getByRole('heading', { level: 1, name: 'Melbourne Beach Resort' })).toBeVisible();
  // The palette's code loads on the first press, not with the page: no page downloads what its user does not open.
  const switcherChunks: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && /\/switcher-[^/]*\.js$/.test(r.url())) switcherChunks.push(r.url());
  });
  await page.goto('/properties/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Sydney Harbour Hotel' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(switcherChunks).toEqual([]);
  // The palette's own box: a page under it (reservations) has comboboxes of its own.
  const palette = page.locator('input[aria-controls="kbar-listbox"]');
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  expect(switcherChunks).toHaveLength(1);
  const options = page.getByRole('listbox');
  await expect(options.getByText(SWITCHER_TEXTS.recent)).toBeVisible();
  await options.getByRole('option', { name: /Melbourne Beach Resort/ }).click();
  await expect(page).toHaveURL(/\/properties\/2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Melbourne Beach Resort' })).toBeVisible();
  // Each press opens a palette the user has seen close: kbar fades it out as it acts, and its exit
  // timer sets it hidden whatever a press in the last moment of that fade asked for.
  await expect(palette).toBeHidden();
  await page.keyboard.press('Control+k');
  await palette.fill('Reservations');
  await expect(options.getByRole('option', { name: /^Reservations/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/properties\/2\/reservations$/);
  await expect(palette).toBeHidden();
  await page.keyboard.press('Control+k');
  // The finder's answer can land after kbar matched the text typed: type it again until it shows.
  await expect(async () => {
    await palette.fill('Cairn');
    await palette.fill('Cairns');
    await expect(options.getByRole('option', { name: /Cairns Harbour Hotel/ }).first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/switcher-1440.png` });
  await options
    .getByRole('option', { name: /Cairns Harbour Hotel/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/properties\/(7|19)$/);
  // Groups by name too: the group's dashboard opens.
  await expect(palette).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(async () => {
    await palette.fill('Coasta');
    await palette.fill('Coastal');
    await expect(options.getByRole('option', { name: /Coastal Collection/ })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await options.getByRole('option', { name: /Coastal Collection/ }).click();
  await expect(page).toHaveURL(/\/property-groups\/\d+$/);

  // A filtered list's rows say their readiness and last change; on a phone nothing spills sideways.
  await page.goto('/?attention=incomplete');
  await expect(page.getByText(/steps? remaining/).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(worklist).toBeVisible();
  await noSidewaysScroll(page);
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/worklist-390.png`, fullPage: true });
});

test('a bulk publish from a filtered list previews which properties are left out and why, then publishes the rest', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  // Make one more complete property Unpublished, so the list holds one that can be published.
  const all = await listProperties(page);
  const live = all.find((p) => p.status === 'PUBLISHED' && p.id > 2 && complete(p))!;
  const unpublish = await page.request.post('/graphql', {
    data: { query: PROPERTY_DOCS.unpublishProperty, variables: { id: live.id, reason: 'Set up for the bulk test' } },
  });
  expect((await unpublish.json()).errors).toBeUndefined();
  const listed = (await listProperties(page)).filter((p) => p.status === 'UNPUBLISHED');
  const ready = listed.filter(complete);
  const blocked = listed.filter((p) => !complete(p));
  expect(ready.length).toBeGreaterThan(0);
  expect(blocked.length).toBeGreaterThan(0);

  await page.goto('/?status=UNPUBLISHED');
  await expect(page.getByText(/Showing \d+–\d+ of \d+/)).toBeVisible();
  await page.getByRole('button', { name: STATUS_TEXTS.bulkButton }).click();
  await clickWhenSettled(page.getByRole('menuitem', { name: BULK_STATUS_LABELS.publish, exact: true }));
  const dialog = page.getByRole('dialog', { name: STATUS_TEXTS.bulkTitle('Publish') });
  const preview = dialog.getByTestId('bulk-status-preview');
  await expect(preview).toContainText(`${STATUS_TEXTS.bulkWill('Publish', ready.length)}:`);
  await expect(preview).toContainText(STATUS_TEXTS.bulkRefused(blocked.length));
  const leftOut = preview.getByRole('list', { name: 'Left as they are' }).getByRole('listitem');
  await expect(leftOut).toHaveCount(blocked.length);
  await expect(leftOut.first()).toContainText("can't be published until every step is complete");
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/bulk-publish-preview-1440.png` });
  await dialog.getByLabel(CHANGE_REASON_TEXTS.label).fill('Season opens');
  await dialog.getByRole('button', { name: STATUS_TEXTS.bulkWill('Publish', ready.length) }).click();
  await expect(page.getByText(STATUS_TEXTS.bulkDone('Publish', ready.length))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const after = new Map((await listProperties(page)).map((p) => [p.id, p.status]));
  for (const p of ready) expect(after.get(p.id)).toBe('PUBLISHED');
  for (const p of blocked) expect(after.get(p.id)).toBe('UNPUBLISHED');
  // The list as filtered now holds only those left out.
  await expect(page.getByText(new RegExp(`Showing 1–${blocked.length} of ${blocked.length}`))).toBeVisible();

  // A search that finds nothing says what it searched.
  await page.goto('/?q=Zzyzx');
  await expect(page.getByText(FINDER_TEXTS.searched('Zzyzx'))).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
});
