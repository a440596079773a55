import { expect, type Page } from '@playwright/test';

/** Picks an option of a form's select by its label (long lists are virtual: `search` types to bring it into view). */
export async function formSelect(page: Page, label: string, option: string, search = false) {
  await page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-select-selector')
    .click();
  if (search) await page.keyboard.type(option.slice(0, 8));
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
}

/** Types a date into a date field as shown (dd-mm-yyyy; yyyy-mm-dd is read too); Enter confirms it and submits nothing. */
export async function typeDate(page: Page, label: string, value: string) {
  // The last field's calendar may still cover this one while it closes.
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.keyboard.press('Enter');
}

/** dd-mm-yyyy of a yyyy-MM-dd day, as the portal's date fields show it. */
export const shownDate = (iso: string) => iso.split('-').reverse().join('-');
