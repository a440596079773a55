import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_MESSAGES } from '../../resources/media/image-rules';
import { formSelect } from './support/form';
import { signIn } from './support/sign-in';
import { useOutboxAt, useOutboxOf } from './support/outbox';
import { openStatusAction } from './support/status-menu';

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

const save = async (page: Page, button = 'Save changes') => {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText('Changes saved successfully.')).toBeVisible();
};
const date = async (page: Page, label: string, daysFromNow: number) => {
  const d = new Date(Date.now() + daysFromNow * 86_400_000);
  const value = `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.keyboard.press('Tab');
};

test('a property made with the CLI, filled in the portal by its admin, is published by staff', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/sign-in`);
  await signIn(page, 'gm@fresh.example', PASSWORD);
  await expect(page).toHaveURL(/\/properties\/1$/);
  await expect(page.getByText('8 steps remaining')).toBeVisible();

  await page.goto(`${base}/properties/1/details/overview`);
  await page.getByLabel('Description').fill('A beach house steps from the sand.');
  await formSelect(page, 'Property type', 'Hotel');
  await save(page);
  await page.goto(`${base}/properties/1/details/location`);
  await page.getByLabel('Address', { exact: true }).fill('1 Campbell Parade');
  await page.getByLabel('Suburb').fill('Bondi Beach');
  await formSelect(page, 'Country', 'Australia', true);
  await save(page);
  await page.goto(`${base}/properties/1/details/policies`);
  await page.getByLabel('Cancellation policy').fill('Free cancellation up to 48 hours before arrival.');
  await save(page);

  for (const type of ['reservations', 'billing']) {
    await page.goto(`${base}/properties/1/contacts/${type}`);
    await page.getByLabel('Name', { exact: true }).fill(`Pat ${type}`);
    await page.getByLabel('Email', { exact: true }).fill(`${type}@bondi.example`);
    await page.getByLabel('Phone', { exact: true }).fill('02 9123 4567');
    await save(page);
  }

  await page.goto(`${base}/properties/1/room-types/create`);
  await page.getByLabel('Name', { exact: true }).fill('Ocean King');
  // A new room type starts with one bed row: its type is chosen, its count (1) kept.
  await page.getByRole('combobox', { name: 'Bed 1: type' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="King bed"]').click();
  await save(page, 'Create room type');

  await page.goto(`${base}/properties/1/rate-plans/create`);
  await page.getByLabel('Name', { exact: true }).fill('Best available rate');
  await formSelect(page, 'Room types', 'Ocean King');
  await date(page, 'Sale start', -1);
  await date(page, 'Sale end', 180);
  await page.getByRole('radio', { name: 'Free cancellation at any time' }).check();
  await page.getByRole('button', { name: 'Create rate plan' }).click();
  await page
    .getByRole('dialog', { name: 'Check the rate plan before you create it' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Changes saved successfully.').first()).toBeVisible();

  // Photos: five of the property, each with alt text, and one of the room type.
  const shot = async (n: number) => ({
    name: `beach-${n}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1280, height: 853, channels: 3, background: `#2${n}6f9${n}` } })
      .jpeg()
      .toBuffer(),
  });
  await page.goto(`${base}/properties/1/images/property/upload`);
  await page.locator('input[type=file]').setInputFiles(await Promise.all([1, 2, 3, 4, 5].map(shot)));
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

  await page.goto(`${base}/properties/1`);
  await expect(page.getByText('Ready to publish')).toBeVisible();

  // Staff, in a browser of their own.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${base}/sign-in`);
  await signIn(staff, 'ops@fresh.example', PASSWORD);
  await staff.goto(`${base}/properties/1`);
  await (await openStatusAction(staff, 'Publish')).getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByText('Published', { exact: true })).toBeVisible();
  await staff.context().close();
});
