import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';

const form = (page: Page) => ({
  name: page.getByLabel('Name', { exact: true }),
  email: page.getByLabel('Email', { exact: true }),
  phone: page.getByLabel('Phone', { exact: true }),
  position: page.getByLabel('Position (optional)'),
  save: page.getByRole('button', { name: 'Save changes' }),
});

test('each contact type saves; the reservations contact has its two choices', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  for (const [segment, title] of [
    ['primary', 'Primary contact'],
    ['billing', 'Billing contact'],
    ['RESERVATIONS', 'Reservations contact'],
  ]) {
    await page.goto(`/properties/1/contacts/${segment}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const f = form(page);
    await f.name.fill(`${title} Person`);
    await f.position.fill('');
    await f.phone.fill('02 9123 4567');
    const checkboxes = page.getByRole('checkbox');
    if (segment === 'RESERVATIONS') {
      await expect(checkboxes).toHaveCount(2);
      await expect(page.getByText('We email this contact a booking notification for every new booking.')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Send booking notification emails' }).check();
    } else {
      await expect(checkboxes).toHaveCount(0);
    }
    await f.save.click();
    await expect(page.getByText('Changes saved successfully.')).toBeVisible();
    await page.reload();
    await expect(form(page).name).toHaveValue(`${title} Person`);
    await expect(form(page).phone).toHaveValue('291234567');
  }
  // The page links the three contacts: no going back to the home to switch.
  const switcher = page.getByRole('navigation', { name: 'Key contacts' });
  await expect(switcher.getByRole('link', { name: 'Reservations contact' })).toHaveAttribute('aria-current', 'page');
  await switcher.getByRole('link', { name: 'Billing contact' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/contacts\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing contact' })).toBeVisible();
});

test('the contact form shows every validation message of spec §5', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  await page.goto('/properties/1/contacts/primary');
  const f = form(page);
  await expect(f.name).not.toHaveValue('');
  await f.name.fill('');
  await f.email.fill('');
  await f.phone.fill('');
  await f.save.click();
  // Each field says what is wrong, and spec §5's summary lists the same errors under its heading.
  const fieldError = (text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });
  const summary = page.getByRole('alert').filter({ hasText: "Couldn't save changes." });
  for (const text of ['Enter a name', 'Enter an email', 'Enter a phone number']) {
    await expect(fieldError(text)).toBeVisible();
    await expect(summary.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  }
  await f.email.fill('not-an-email');
  await f.phone.fill('1'.repeat(26));
  await f.save.click();
  await expect(fieldError('Enter a valid email')).toBeVisible();
  await expect(fieldError('Phone number must be 25 characters or less')).toBeVisible();
  // The summary follows the fields: fixed ones leave it, and it goes once none is wrong.
  await expect(summary.getByRole('listitem')).toHaveText([
    'Enter a name',
    'Enter a valid email',
    'Phone number must be 25 characters or less',
  ]);
  await f.name.fill('Pat Primary');
  await f.email.fill('pat@example.com');
  await f.phone.fill('02 9123 4567');
  await expect(summary).toHaveCount(0);
  await f.phone.fill('1'.repeat(26));
  // Leaving with unsaved changes asks first, in the portal's modal; Stay keeps the page and its changes.
  await page.getByRole('menuitem', { name: 'Reservations' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toContainText('You have unsaved changes. Leave this page and lose them?');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/contacts\/primary$/);
  await expect(f.phone).toHaveValue('1'.repeat(26));
  // Leave: the next page opens and the changes are let go.
  await page.getByRole('menuitem', { name: 'Reservations' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/reservations/);
  // The browser's Back asks the same question (the router blocks every navigation, not only links).
  await page.getByRole('menuitem', { name: 'Key contacts' }).click();
  await expect(page).toHaveURL(/\/contacts\/primary$/);
  await form(page).phone.fill('02 9000 0000');
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/contacts\/primary$/);
  await expect(form(page).phone).toHaveValue('02 9000 0000');
});

test("two people edit the same contact: the second gets the conflict and the first's data survives", async ({
  browser,
}) => {
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  for (const [page, email] of [
    [first, 'admin@harbourview.example'],
    [second, 'editor@harbourview.example'],
  ] as const) {
    await page.goto('/sign-in');
    await signIn(page, email);
    await page.goto('/properties/1/contacts/billing');
    await expect(form(page).name).not.toHaveValue('');
  }
  await form(first).name.fill('Alice First');
  await form(first).save.click();
  await expect(first.getByText('Changes saved successfully.')).toBeVisible();

  await form(second).name.fill('Bob Second');
  await form(second).save.click();
  await expect(
    second.getByText('Someone else changed this contact while you were editing it.', { exact: false }),
  ).toBeVisible();
  await expect(second.getByRole('cell', { name: 'Alice First' })).toBeVisible();
  await expect(second.getByRole('cell', { name: 'Bob Second' })).toBeVisible();
  await first.reload();
  await expect(form(first).name).toHaveValue('Alice First');
  // Choosing theirs puts their values in the form.
  await second.getByRole('button', { name: 'Use their version' }).click();
  await expect(form(second).name).toHaveValue('Alice First');
});

test('a viewer sees contacts read-only; an unknown contact type is named', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'viewer@harbourview.example');
  await page.goto('/properties/1/contacts/primary');
  await expect(page.getByText('You can view this contact but not change it.')).toBeVisible();
  await expect(form(page).name).toBeDisabled();
  await expect(form(page).save).toHaveCount(0);
  await page.goto('/properties/1/contacts/foo');
  await expect(page.getByText('Unknown contact type')).toBeVisible();
});
