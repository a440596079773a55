import { expect, test, type Locator } from '@playwright/test';
import { signIn, PASSWORD } from './support/sign-in';
import { mailCount, waitForMail } from './support/outbox';
import { animationOf, clickWhenSettled, watchAppearing } from './support/motion';
import { ALERT_EXIT_MS } from '../../resources/timings';

const SHOTS = process.env.E2E_SHOTS;

/** Picks a role in a dialog's form (no Escape afterwards: in a dialog it would close the dialog). */
async function pickRole(dialog: Locator, option: string) {
  await dialog.locator('.ant-form-item').filter({ hasText: 'Role' }).locator('.ant-select-selector').click();
  await dialog.page().locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}
const INVITE_LINK = /(\/accept-invitation\?token=[0-9]+\.[A-Za-z0-9_-]{43})/;

test('users: a property admin invites; the invitee sets a password from the emailed link, signs in with a code and lands on their details; the admin sees them active and changes their role', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const invitee = `invitee.${Date.now()}@e2e.example`;
  await page.goto('/sign-in');
  await signIn(page, 'admin@hobartlodge.example');
  await page.goto('/properties/4');
  await page.getByRole('menuitem', { name: /^Users/ }).click();
  await expect(page).toHaveURL(/\/properties\/4\/user$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const table = page.locator('.users-table');
  await expect(table.getByRole('row').filter({ hasText: 'admin@hobartlodge.example' })).toContainText('You');

  // Asked for less motion (playwright.config.ts), the dialog no longer zooms in: a click as it opens
  // lands on its button, not on the mask around it (src/global.css).
  const appearing = await watchAppearing(page, 'ant-zoom');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: /Invite a user/ });
  await expect(dialog).toBeVisible();
  const lengths = await appearing();
  expect(lengths.length).toBeGreaterThan(0);
  expect(new Set(lengths)).toEqual(new Set(['0.001s']));
  // An alert still takes spec §9's time to leave.
  expect(await animationOf(page, 'ant-message-move-up-leave')).toBe(`${ALERT_EXIT_MS / 1000}s`);
  // A menu keeps antd's short slide (its motionDurationMid): antd places it while that runs (cut
  // short, it showed off-screen first).
  expect(await animationOf(page, 'ant-slide-up ant-slide-up-enter')).toBe('0.2s');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter an email').first()).toBeVisible();
  await dialog.getByLabel('Email', { exact: true }).fill(invitee);
  await dialog.getByLabel('First name', { exact: true }).fill('Iris');
  await dialog.getByLabel('Last name', { exact: true }).fill('Invitee');
  await pickRole(dialog, 'Property editor');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-invite.png` });
  const before = await mailCount(invitee);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: invitee });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Iris Invitee');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-list.png`, fullPage: true });

  // The invitee, in a browser of their own, opens the link from the email.
  const link = await waitForMail(invitee, INVITE_LINK, before);
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(them.getByText('Hobart Lodge', { exact: false }).first()).toBeVisible();
  await them.getByLabel('Password', { exact: true }).fill('weak');
  await them.getByLabel('Confirm password', { exact: true }).fill('weak');
  await expect(them.getByRole('button', { name: 'Set password and accept' })).toBeDisabled();
  const password = 'Invitee#2026ok';
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByLabel('Confirm password', { exact: true }).fill(password);
  if (SHOTS) await them.screenshot({ path: `${SHOTS}/users-accept.png` });
  await them.getByRole('button', { name: 'Set password and accept' }).click();
  await expect(them.getByText('Your access is ready. Sign in to continue.')).toBeVisible();
  await them.getByRole('button', { name: 'Sign in' }).click();
  await signIn(them, invitee, password);
  await expect(them).toHaveURL(/\/user-details$/);
  // The link works once.
  await them.goto(link);
  await expect(them.getByText('This invitation has already been used. Sign in to continue.')).toBeVisible();
  await theirs.close();

  // Back with the admin: the invitee is active; the admin makes them a viewer.
  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Manage Iris Invitee' }).click();
  await clickWhenSettled(page.getByRole('menuitem', { name: 'Change role' }));
  const change = page.getByRole('dialog', { name: /Change the role/ });
  await pickRole(change, 'Property viewer');
  await change.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('Iris Invitee is now Property viewer.')).toBeVisible();
  await expect(row).toContainText('Property viewer');
  // On a phone the list still fits the screen: no sideways scroll of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText('Iris Invitee');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-wide.png` });
  // Nobody manages themselves.
  await expect(table.getByRole('row').filter({ hasText: 'admin@hobartlodge.example' }).getByRole('button')).toHaveCount(
    0,
  );
  void PASSWORD;
});
