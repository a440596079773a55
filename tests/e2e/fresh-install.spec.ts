import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { CHANGE_REASON_TEXTS } from '../../resources/change-reason';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_MESSAGES } from '../../resources/media/image-rules';
import { formSelect, shownDate } from './support/form';
import { RATES_LOADED_DAYS, stepsFor } from '../../resources/domain';
import { GO_LIVE_MESSAGES } from '../../resources/properties/go-live';
import { NAME_CHANGE_MESSAGES } from '../../resources/properties/name-change';
import { CELL_LABELS } from '../../resources/rates-inventory/rates-inventory.schema';
import { addDays } from '../../resources/days';
import { takenOver } from './support/taken-over';
import { dayIn } from '../../resources/property-day';
import { signIn } from './support/sign-in';
import { useOutboxAt, useOutboxOf } from './support/outbox';

// An empty install, as an operator makes one: the CLI creates a staff user, a property and its
// admin (no demo data); the admin fills every section in the portal; staff publish it.
const PASSWORD = 'Fresh#Install2026';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-fresh-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'false',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  ANTISPAM_COST: '200',
  ANTISPAM_MAX_COUNTER: '300',
};
let server: ChildProcess | undefined;
let base = '';

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli.ts', ...args], {
    env,
    encoding: 'utf8',
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cli(
    'create-user',
    '--email',
    'ops@fresh.example',
    '--first-name',
    'Olive',
    '--last-name',
    'Ops',
    '--staff',
    '--password',
    PASSWORD,
  );
  const created = cli(
    'create-property',
    '--name',
    'Bondi Beach House',
    '--status',
    'ONBOARDING',
    '--provider',
    'extranet',
  );
  const id = /property (\d+)/.exec(created)![1];
  cli(
    'create-user',
    '--email',
    'gm@fresh.example',
    '--first-name',
    'Gia',
    '--last-name',
    'Manager',
    '--role',
    'property_admin',
    '--property',
    id,
    '--password',
    PASSWORD,
  );
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ['dist-server/main.mjs'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  await expect(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200)).toPass({ timeout: 30_000 });
  useOutboxAt(dataDir);
});

test.afterAll(() => {
  server?.kill();
  useOutboxOf('main');
  rmSync(dataDir, { recursive: true, force: true });
});

const saveAndContinue = async (page: Page) => {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Changes saved successfully.').first()).toBeVisible();
};
/** The CLI's property: rates held in the portal, so rates loaded is one of its steps. */
const NEW = { ratesServiceEnabled: true, inventoryProvider: 'extranet' };
const sydneyDay = (ahead: number) => addDays(dayIn('Australia/Sydney'), ahead);
const date = async (page: Page, label: string, daysFromNow: number) => {
  const d = new Date(Date.now() + daysFromNow * 86_400_000);
  const value = `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.keyboard.press('Tab');
};

test('a property made with the CLI is taken through every step with Save and continue by its admin, asks to go live once rates are loaded, is published by staff, and renamed as its admin asks', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.goto(`${base}/sign-in`);
  await signIn(page, 'gm@fresh.example', PASSWORD);
  await expect(page).toHaveURL(/\/properties\/1$/);
  await expect(page.getByText(`${stepsFor(NEW).length} steps remaining`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request go-live' })).toHaveCount(0);
  // The address moves before the next page has replaced this one: its heading says it is there.
  const onStep = async (path: string, heading?: string) => {
    await expect(page).toHaveURL(new RegExp(`/properties/1/${path}$`));
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  };

  // The checklist's first step; each form's Save and continue goes on to the next one still to do.
  await page.getByRole('link', { name: 'Property overview' }).click();
  await page.getByLabel('Description').fill('A beach house steps from the sand.');
  await formSelect(page, 'Property type', 'Hotel');
  await saveAndContinue(page);
  await onStep('details/location', 'Location');
  await page.getByLabel('Address', { exact: true }).fill('1 Campbell Parade');
  await page.getByLabel('Suburb').fill('Bondi Beach');
  await formSelect(page, 'Country', 'Australia', true);
  await saveAndContinue(page);
  // Facilities saved with nothing ticked: an empty list, not 'expected array' (issue 25).
  await onStep('details/facilities', 'Facilities');
  await saveAndContinue(page);
  await onStep('details/policies', 'Policies');
  await page.getByLabel('Cancellation policy').fill('Free cancellation up to 48 hours before arrival.');
  await saveAndContinue(page);
  await onStep('details/commercial-terms', 'Commercial terms');
  await formSelect(page, 'Payment method', 'Virtual credit card (VCC)');
  await saveAndContinue(page);

  await onStep('room-types', 'Room types');
  await page.getByRole('button', { name: 'Add your first room type' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Ocean King');
  // A new room type starts with one bed row: its type is chosen, its count (1) kept.
  await page.getByRole('combobox', { name: 'Bed 1: type' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="King bed"]').click();
  await page.getByLabel('Number of rooms').fill('12');
  await saveAndContinue(page);

  await onStep('rate-plans/overview', 'Rate plans');
  await page.getByRole('button', { name: 'Create rate plan' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Best available rate');
  await formSelect(page, 'Room types', 'Ocean King');
  await date(page, 'Sale start', -1);
  await date(page, 'Sale end', 180);
  await page.getByRole('radio', { name: 'Free cancellation at any time' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page
    .getByRole('dialog', { name: 'Check the rate plan before you create it' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Changes saved successfully.').first()).toBeVisible();

  // Rates: the calendar says nothing is loaded and offers bulk update, whose rooms start at the room type's 12.
  await onStep('rates-and-inventory', 'Rates and inventory');
  await page.getByRole('link', { name: 'Ocean King' }).click();
  await expect(page.getByText(`Nothing is loaded for the next ${RATES_LOADED_DAYS} days`)).toBeVisible();
  await page.getByRole('link', { name: 'Bulk update' }).first().click();
  await expect(page.getByLabel(CELL_LABELS.roomsToSell)).toHaveValue('12');
  const range = page.getByPlaceholder('dd-mm-yyyy');
  await range.nth(0).fill(shownDate(sydneyDay(0)));
  await range.nth(1).fill(shownDate(sydneyDay(RATES_LOADED_DAYS + 10)));
  await page.keyboard.press('Enter');
  await page.getByLabel('Rate', { exact: true }).fill('210');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Changes saved successfully\. \d+ cells updated\./)).toBeVisible();
  await page.goto(`${base}/properties/1`);
  await expect(page.locator('[data-step="ratesLoaded"]')).toContainText('Complete');

  // Photos: five of the property, each with alt text, and one of the room type.
  const shot = async (n: number) => ({
    name: `beach-${n}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1280, height: 853, channels: 3, background: `#2${n}6f9${n}` } })
      .jpeg()
      .toBuffer(),
  });
  await page.goto(`${base}/properties/1/images/property/upload`);
  // The portal's own drop zone (the server's drawing of the page is inert until the portal takes it over: first-screen.spec.ts).
  await expect(page.getByRole('button', { name: /Drop photos here/ })).toBeVisible();
  await takenOver(page);
  await page.locator('#root input[type=file]').setInputFiles(await Promise.all([1, 2, 3, 4, 5].map(shot)));
  await expect(page.getByText('5 uploaded.')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${base}/properties/1/images/room-types/upload`);
  await page.getByRole('combobox', { name: 'Room types these photos show' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Ocean King"]').click();
  await page.keyboard.press('Escape');
  await page.locator('input[type=file]').setInputFiles([await shot(6)]);
  await expect(page.getByText('1 uploaded.')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${base}/properties/1/images/property/edit`);
  for (let n = 0; n < 5; n++) {
    const card = page.getByRole('article').nth(n);
    await card.getByLabel('Alt text').fill(`The beach house, view ${n + 1}`);
    await card.getByRole('button', { name: 'Save photo' }).click();
    await expect(page.getByText(IMAGE_MESSAGES.altNeeded)).toHaveCount(4 - n);
  }

  // The three contacts, one after another; the last goes home, where nothing is left.
  await page.goto(`${base}/properties/1`);
  await expect(page.getByText('3 steps remaining')).toBeVisible();
  await page.getByRole('link', { name: 'Primary contact' }).click();
  for (const type of ['primary', 'reservations', 'billing']) {
    await onStep(`contacts/${type}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${type[0].toUpperCase()}${type.slice(1)} contact` }),
    ).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(`Pat ${type}`);
    await page.getByLabel('Email', { exact: true }).fill(`${type}@bondi.example`);
    await page.getByLabel('Phone', { exact: true }).fill('02 9123 4567');
    await saveAndContinue(page);
  }
  await expect(page).toHaveURL(/\/properties\/1$/);
  await expect(page.getByText('Ready to publish')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  // antd's breakpoints follow a resize in script: the layout settles a moment after it.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  await page.getByRole('button', { name: 'Request go-live' }).click();
  await expect(page.getByText(GO_LIVE_MESSAGES.requested)).toBeVisible();

  // Staff, in a browser of their own, publish from the property's home (its only property: home opens it).
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${base}/sign-in`);
  await signIn(staff, 'ops@fresh.example', PASSWORD);
  await staff.goto(`${base}/properties/1`);
  await expect(staff.getByTestId('go-live')).toContainText('Gia Manager asked to go live');
  await staff.getByTestId('go-live').getByRole('button', { name: 'Publish' }).click();
  const publish = staff.getByRole('dialog', { name: 'Publish property' });
  await publish.getByLabel(CHANGE_REASON_TEXTS.label).fill('Go-live request checked');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByText('Published', { exact: true }).first()).toBeVisible();
  await staff.context().close();
  await page.reload();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

  // Live, the hotel asks for a new name from its Property overview; staff rename it as asked.
  await page.goto(`${base}/properties/1/details/overview`);
  await page.getByTestId('property-name').getByRole('button', { name: 'Request a name change' }).click();
  const ask = page.getByRole('dialog', { name: 'Request a name change' });
  await ask.getByLabel('New name').fill('Bondi Sands Beach House');
  await ask.getByLabel('Why the name changes').fill('Our new owners trade as Bondi Sands.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(NAME_CHANGE_MESSAGES.requested)).toBeVisible();
  const ops = await (await browser.newContext()).newPage();
  await ops.goto(`${base}/sign-in`);
  await signIn(ops, 'ops@fresh.example', PASSWORD);
  await ops.goto(`${base}/properties/1/details/overview`);
  await expect(ops.getByTestId('property-name')).toContainText('Our new owners trade as Bondi Sands.');
  await ops.getByTestId('property-name').getByRole('button', { name: 'Rename' }).click();
  await ops.getByRole('dialog', { name: 'Rename Bondi Beach House?' }).getByRole('button', { name: 'Rename' }).click();
  await expect(ops.getByText(NAME_CHANGE_MESSAGES.renamed)).toBeVisible();
  await expect(ops.getByTestId('property-name').locator('strong')).toHaveText('Bondi Sands Beach House');
  await ops.context().close();
  await page.goto(`${base}/properties/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bondi Sands Beach House' })).toBeVisible();
});
