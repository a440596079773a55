import { expect, test, type Page } from '@playwright/test';
import { CONFIRM_LINK, mailCount, RESET_CODE, waitForMail } from './support/outbox';
import { PASSWORD, signIn } from './support/sign-in';

async function requestReset(page: Page, email: string) {
  const before = await mailCount(email);
  await page.getByLabel('Email').fill(email);
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  return waitForMail(email, RESET_CODE, before);
}

async function completeReset(page: Page, code: string, password: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Reset password' }).click();
}

test('forgotten password: code by email, live checklist, messages, then "Password successfully reset"', async ({
  page,
}) => {
  const email = 'group.viewer@coastal.example';
  await page.goto('/sign-in');
  // By keyboard: a mouse click here can land after the focused, empty Email field's blur message has
  // moved the link down a line, and be lost (issue 17's swallowed clicks; seen once in a full run).
  await page.getByRole('link', { name: 'Forgotten your email or password?' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Enter your email')).toBeVisible();
  const code = await requestReset(page, email);

  const checklist = page.getByRole('list', { name: 'Password requirements' });
  await expect(checklist.locator('li[data-met="true"]')).toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('New password', { exact: true }).blur();
  await expect(page.getByText('Minimum 8 characters', { exact: true })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('alllowercase');
  await page.getByLabel('New password', { exact: true }).blur();
  await expect(page.getByText('Password does not meet strength requirement')).toBeVisible();
  await expect(checklist.locator('li[data-met="true"]')).toHaveText([/1 lowercase/, /minimum 8 characters/]);
  await page.getByLabel('New password', { exact: true }).fill('Harbour#View2027');
  await page.getByLabel('Confirm new password').fill('Harbour#View2028');
  await page.getByLabel('Confirm new password').blur();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Verification code').focus();
  await page.getByLabel('Verification code').blur();
  await expect(page.getByText('Enter your verification code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();

  // The current password is one of the last six: refused with the spec's message.
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await expect(checklist.locator('li[data-met="true"]')).toHaveCount(6);
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('New password must be different from your previous 6 passwords')).toBeVisible();

  await completeReset(page, code, 'Harbour#View2027');
  await expect(page.getByText('Password successfully reset')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signIn(page, email, 'Harbour#View2027');
  await expect(page.getByRole('heading', { name: /^Welcome, Gia/ })).toBeVisible();
});

test('a wrong reset code says so; without an email the reset screen sends the user back', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('alert')).toHaveText('Something went wrong, please request a new password reset link.');
  await requestReset(page, 'editor@harbourview.example');
  await completeReset(page, '000000', 'Another#Secret99');
  await expect(page.getByText(/The verification code is incorrect|Invalid or expired code/)).toBeVisible();
});

test('an expired password forces the reset flow after sign-in', async ({ page }) => {
  const email = 'expired@harbourview.example';
  await page.goto('/sign-in');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: "It's time to reset your password" })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const code = await requestReset(page, email);
  await completeReset(page, code, 'Renewed#Pass2026');
  await expect(page.getByText('Password successfully reset')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signIn(page, email, 'Renewed#Pass2026');
  // A viewer of one property goes straight to it.
  await expect(page).toHaveURL(/\/properties\/1$/);
});

test('a first login goes to /user-details; updating and confirming clears it', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'first.login@harbourview.example');
  await expect(page).toHaveURL(/\/user-details$/);
  await expect(page.getByText('Welcome to the extranet')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/user-details$/);
  await page.getByRole('button', { name: 'Update details' }).click();
  await page.getByLabel('Phone', { exact: true }).fill('0412 345 678');
  await page.getByLabel('Position').fill('Front Office Manager');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/user-details$/);
  // Shown without the country code, stored with it.
  await expect(page.getByText('412345678', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm details' }).click();
  await expect(page).toHaveURL(/\/properties\/1$/);
  await page.reload();
  await expect(page).toHaveURL(/\/properties\/1$/);
});

test('unsaved details warn before leaving', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  await page.goto('/user-details/update');
  await page.getByLabel('Position').fill('General Manager');
  // The browser's own confirm is never used for this: the portal asks in its modal.
  page.on('dialog', (dialog) => {
    throw new Error(`a native dialog appeared: ${dialog.message()}`);
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toContainText('unsaved changes');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/user-details\/update$/);
  await expect(page.getByLabel('Position')).toHaveValue('General Manager');
  // Leave goes where the click was going, and the changes are dropped.
  await page.getByRole('link', { name: 'Back to your details' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/user-details$/);
  await expect(page.getByText('General Manager')).toHaveCount(0);
});

test('an unverified email: banner, resend, link confirms it; a bad link fails with a retry', async ({ page }) => {
  const email = 'unverified@harbourview.example';
  await page.goto('/sign-in');
  await signIn(page, email);
  await expect(page.getByText(`Please confirm your email address, ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update email address' })).toBeVisible();
  // On a 390 px phone the banner wraps its buttons under the message, which keeps a readable width,
  // and the account page fits the screen (this is the one test that sees the account unverified).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user-details');
  const banner = page.locator('.confirm-email-banner');
  await expect(banner).toContainText('Please confirm your email address');
  expect((await banner.locator('.ant-alert-message').boundingBox())!.width).toBeGreaterThan(200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  const before = await mailCount(email);
  await page.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(page.getByText(`A confirmation email has been sent to ${email}.`)).toBeVisible();
  const link = await waitForMail(email, CONFIRM_LINK, before);

  await page.goto('/verify-email?code=not-the-right-code-123');
  await expect(page.getByText("Couldn't verify your email.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.goto('/verify-email');
  await expect(page.getByText("Couldn't verify your email.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  await page.goto(link);
  await expect(page).toHaveURL(/\/properties\/1$/);
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await expect(page.getByText(`Please confirm your email address`)).toHaveCount(0);
});

test('with new-auth on (/vip), the id token stays HttpOnly and no bearer is sent, yet the portal works', async ({
  page,
  context,
}) => {
  await page.goto('/vip');
  await expect(page).toHaveURL(/\/sign-in\?to=%2F$/);
  expect((await context.cookies()).find((c) => c.name === 'enableAllFeatures')?.value).toBe('true');
  const bearers: (string | undefined)[] = [];
  page.on('request', (r) => r.url().endsWith('/graphql') && bearers.push(r.headers().authorization));
  await signIn(page, 'group.editor@coastal.example');
  await expect(page.getByRole('heading', { name: /^Welcome, Gus/ })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'id_token')?.httpOnly).toBe(true);
  await page.goto('/user-details');
  await expect(page.getByText('group.editor@coastal.example')).toBeVisible();
  expect(bearers.length).toBeGreaterThan(3);
  expect(bearers.every((b) => b === undefined)).toBe(true);
});

test('with new-auth off, the page sends the id token as a bearer', async ({ page, context }) => {
  const bearers: (string | undefined)[] = [];
  page.on('request', (r) => r.url().endsWith('/graphql') && bearers.push(r.headers().authorization));
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  await expect(page.getByRole('heading', { name: /^Welcome, Sam/ })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'id_token')?.httpOnly).toBe(false);
  expect(bearers.some((b) => b?.startsWith('Bearer '))).toBe(true);
});
