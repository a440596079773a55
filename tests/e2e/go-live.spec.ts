import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { mailCount, waitForMail } from './support/outbox';
import { GO_LIVE_MESSAGES } from '../../resources/properties/go-live';

const SHOTS = process.env.E2E_SHOTS;
const INVITE_LINK = /(\/accept-invitation\?token=[0-9]+\.[A-Za-z0-9_-]{43})/;
/** The demo's Onboarding property with every step complete (seed: the first Onboarding one). */
const READY = 2;

async function pickRole(dialog: Locator, option: string) {
  await dialog.locator('.ant-form-item').filter({ hasText: 'Role' }).locator('.ant-select-selector').click();
  await dialog.page().locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
}

test('go-live: staff invite the admin of a complete property, who asks to go live; staff send it back with a reason the admin reads by email and on the home; the worklist empties once it is answered', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = `golive.${Date.now()}@e2e.example`;
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');

  // Staff make the hotel's admin; the welcome is the invitation.
  await page.goto(`/properties/${READY}/user`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: /Invite a user/ });
  await dialog.getByLabel('Email', { exact: true }).fill(admin);
  await dialog.getByLabel('First name', { exact: true }).fill('Gia');
  await dialog.getByLabel('Last name', { exact: true }).fill('Golive');
  await pickRole(dialog, 'Property admin');
  const before = await mailCount(admin);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${admin}.`)).toBeVisible();

  const link = await waitForMail(admin, INVITE_LINK, before);
  const hotel = await browser.newContext();
  const them = await hotel.newPage();
  await them.goto(link);
  const password = 'Golive#2026ok';
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByLabel('Confirm password', { exact: true }).fill(password);
  await them.getByRole('button', { name: 'Set password and accept' }).click();
  await them.getByRole('button', { name: 'Sign in' }).click();
  await signIn(them, admin, password);
  // A first sign-in checks the person's own details first.
  await expect(them).toHaveURL(/\/user-details$/);
  await them.getByRole('button', { name: 'Confirm details' }).click();

  // The admin's home: every step complete, so go-live can be asked for.
  await them.goto(`/properties/${READY}`);
  await expect(them.getByText('Ready to publish')).toBeVisible();
  const ready = them.locator('[data-step]');
  await expect(ready.filter({ hasText: 'Rates and availability, next 90 days' })).toContainText('Complete');
  await expect(ready.filter({ hasText: 'Primary contact' })).toContainText('Complete');
  await them.getByRole('button', { name: 'Request go-live' }).click();
  await expect(them.getByText(GO_LIVE_MESSAGES.requested)).toBeVisible();
  await expect(them.getByTestId('go-live')).toContainText('Go-live requested');
  await expect(them.getByRole('button', { name: 'Request go-live' })).toHaveCount(0);
  if (SHOTS) await them.screenshot({ path: `${SHOTS}/go-live-requested.png`, fullPage: true });

  // Staff: the worklist on their home, then the property's own home.
  await page.goto('/');
  const worklist = page.getByRole('list', { name: 'Waiting to go live' });
  await expect(worklist).toContainText('Gia Golive');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/go-live-worklist.png` });
  await worklist.getByRole('link').filter({ hasText: /./ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/properties/${READY}$`));
  const box = page.getByTestId('go-live');
  await expect(box).toContainText('Gia Golive asked to go live');
  await box.getByRole('button', { name: 'Send back' }).click();
  const sendBack = page.getByRole('dialog', { name: 'Send back to the hotel' });
  await sendBack.getByRole('button', { name: 'Send back' }).click();
  await expect(sendBack.getByText(GO_LIVE_MESSAGES.reason)).toBeVisible();
  const reason = 'Please add a photo of the Family Suite bathroom.';
  await sendBack.getByLabel('What needs to change').fill(reason);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/go-live-send-back.png` });
  await sendBack.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText(GO_LIVE_MESSAGES.returned)).toBeVisible();
  await expect(page.getByTestId('go-live')).toHaveCount(0);

  // The hotel reads why (on the home and by email), and asks again.
  expect(await waitForMail(admin, /(needs changes before it goes live)/, 1)).toBeTruthy();
  await them.reload();
  await expect(them.getByTestId('go-live')).toContainText(reason);
  await them.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(them);
  if (SHOTS) await them.screenshot({ path: `${SHOTS}/go-live-returned-phone.png`, fullPage: true });
  await them.getByRole('button', { name: 'Request go-live' }).click();
  await expect(them.getByText(GO_LIVE_MESSAGES.requested)).toBeVisible();

  // Staff send the second request back too: the demo's one complete Onboarding property stays so for
  // the specs that publish it (publishing from this box runs in fresh-install's journey, on its own server).
  await page.reload();
  await expect(page.getByTestId('go-live')).toContainText('Gia Golive asked to go live');
  await page.getByTestId('go-live').getByRole('button', { name: 'Send back' }).click();
  const again = page.getByRole('dialog', { name: 'Send back to the hotel' });
  await again.getByLabel('What needs to change').fill('One more: the pool photo is too dark.');
  await again.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText(GO_LIVE_MESSAGES.returned)).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Waiting to go live' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Properties' })).toBeVisible();
  await hotel.close();
});
