import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/sign-in';

const SHOTS = process.env.E2E_SHOTS;
const photo = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1400, height: 933, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

test('media library: upload three photos with progress, reorder by drag and drop, add alt text, delete one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signIn(page, 'editor@harbourview.example');
  await page.goto('/properties/1');
  await page.getByRole('menuitem', { name: 'Media library' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/images\/property$/);
  await expect(page.getByRole('heading', { name: 'Media library', level: 1 })).toBeVisible();
  const tiles = page.locator('.media-group').first().locator('.media-tile');
  await expect(tiles.first()).toBeVisible();
  const before = await tiles.count();
  expect(before).toBeGreaterThanOrEqual(5);

  await page.getByRole('button', { name: 'Upload photos' }).click();
  await expect(page).toHaveURL(/\/images\/property\/upload$/);
  const stamp = Date.now();
  const files = await Promise.all([
    photo(`dock-${stamp}.jpg`, '#2a6f97'),
    photo(`garden-${stamp}.jpg`, '#52b788'),
    photo(`sunset-${stamp}.jpg`, '#f4a261'),
  ]);
  await page
    .locator('input[type=file]')
    .setInputFiles([...files, { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') }]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar').first()).toBeVisible();
  for (const f of files) await expect(uploads.locator('li').filter({ hasText: f.name })).toContainText('Uploaded');
  // A bad file fails on its own, with why; the others went through.
  await expect(uploads.locator('li').filter({ hasText: 'notes.jpg' })).toContainText(
    "This file isn't an image we can read.",
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-upload.png`, fullPage: true });

  await page.getByRole('link', { name: 'see them in the library' }).click();
  await expect(tiles).toHaveCount(before + 3);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-library.png`, fullPage: true });
  // Drag the last photo onto the second place: the order is saved at once and holds after a reload.
  const ids = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-image-id')));
  await tiles.last().dragTo(tiles.nth(1));
  await expect(page.getByText('Order saved.')).toBeVisible();
  await page.reload();
  await expect(tiles).toHaveCount(before + 3);
  const after = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-image-id')));
  expect(after[1]).toBe(ids.at(-1));
  expect(after.length).toBe(ids.length);

  // Alt text on one of the new photos, then delete another.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await expect(page.getByRole('heading', { name: 'Edit photo details', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `dock-${stamp}.jpg` });
  await card.getByLabel('Alt text').fill('A timber dock on calm blue water');
  await card.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Photo saved.')).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: `dock-${stamp}.jpg` })
      .getByLabel('Alt text'),
  ).toHaveValue('A timber dock on calm blue water');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-edit.png` });
  // Without a mouse: Move earlier swaps a photo with the one before it, saved at once.
  const placeOf = (name: string) =>
    page.getByRole('article').evaluateAll((els, n) => els.findIndex((e) => e.textContent?.includes(n)), name);
  const was = await placeOf(`dock-${stamp}.jpg`);
  await page
    .getByRole('article')
    .filter({ hasText: `dock-${stamp}.jpg` })
    .getByRole('button', { name: 'Move earlier' })
    .click();
  await expect.poll(() => placeOf(`dock-${stamp}.jpg`)).toBe(was - 1);
  const doomed = page.getByRole('article').filter({ hasText: `garden-${stamp}.jpg` });
  await doomed.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Photo deleted.')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: `garden-${stamp}.jpg` })).toHaveCount(0);

  // A phone: the library fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/properties/1/images/property');
  await expect(tiles.first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-phone.png`, fullPage: true });
});
