import { expect, type Page } from '@playwright/test';
import { mailCount, SIGN_IN_CODE, waitForMail } from './outbox';

export const PASSWORD = 'Extranet#2026';

/** Fills the sign-in form and submits it once the anti-spam widget has verified. */
export async function submitPassword(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in to manage your property' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Password, then the emailed code read from the outbox. Returns the code used. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<string> {
  const before = await mailCount(email);
  await submitPassword(page, email, password);
  await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  const code = await waitForMail(email, SIGN_IN_CODE, before);
  await enterCode(page, code);
  await expect(page).not.toHaveURL(/\/mfa-code/);
  return code;
}

export async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
}
