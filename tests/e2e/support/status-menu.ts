import { CHANGE_REASON_TEXTS } from '../../../resources/change-reason';
import { expect, type Page } from '@playwright/test';

/** Opens a status action's confirmation; retried because a click during the menu's opening animation can be lost. */
export async function openStatusAction(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: `${label} property` });
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: label });
    if (!(await item.isVisible())) await page.getByRole('button', { name: 'Property status actions' }).click();
    await item.click({ timeout: 2000 });
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  // A click on the confirm button while the modal still zooms in can be lost: wait for it to settle.
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  return dialog;
}

/** Runs a status action from the menu: opens its confirmation, gives the reason kept in the history, confirms. */
export async function confirmStatusAction(page: Page, label: string, reason = 'Checked with the hotel') {
  const dialog = await openStatusAction(page, label);
  await dialog.getByLabel(CHANGE_REASON_TEXTS.label).fill(reason);
  await dialog.getByRole('button', { name: label }).click();
  return dialog;
}
