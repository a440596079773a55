import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';
import { noSidewaysScroll } from './support/layout';
import { mailCount, waitForMail } from './support/outbox';
import { NAME_CHANGE_MESSAGES } from '../../resources/properties/name-change';

const SHOTS = process.env.E2E_SHOTS;
// The demo's property 1 keeps its name (other specs find it by name): staff decline here; a rename
// as asked runs in fresh-install's journey, on its own server.
test('a property admin asks for a new name on the Property overview; staff find it on their home and decline it with a reason the admin reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signIn(page, 'admin@harbourview.example');
  await page.goto('/properties/1/details/overview');
  const box = page.getByTestId('property-name');
  const name = ((await box.locator('strong').textContent()) ?? '').trim();
  await box.getByRole('button', { name: 'Request a name change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a name change' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Enter the property name.')).toBeVisible();
  await expect(dialog.getByText(NAME_CHANGE_MESSAGES.note)).toBeVisible();
  // The server says so when the name is the one the property has.
  await dialog.getByLabel('New name').fill(name);
  await dialog.getByLabel('Why the name changes').fill('We are joining a new brand in March.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText(NAME_CHANGE_MESSAGES.same)).toBeVisible();
  await dialog.getByLabel('New name').fill(`${name} by the Bay`);
  const staffMails = await mailCount('staff@extranet.example');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(NAME_CHANGE_MESSAGES.requested)).toBeVisible();
  await expect(box).toContainText(`Name change to “${name} by the Bay” requested`);
  await expect(box.getByRole('button', { name: 'Request a name change' })).toHaveCount(0);
  const link = await waitForMail('staff@extranet.example', /(\/properties\/1\/details\/overview)/, staffMails);

  // Staff: the request waits on their home and links to where it is answered, the page the mail opens.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/sign-in');
  await signIn(staff, 'staff@extranet.example');
  const worklist = staff.getByRole('list', { name: 'Names waiting to change' });
  await expect(worklist).toContainText(`${name} → “${name} by the Bay”`);
  await worklist.getByRole('link', { name }).click();
  await expect(staff).toHaveURL(new RegExp(`${link}$`));
  const answer = staff.getByTestId('property-name');
  await expect(answer).toContainText('We are joining a new brand in March.');
  await staff.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(staff);
  if (SHOTS) await staff.screenshot({ path: `${SHOTS}/name-change-staff-390.png`, fullPage: true });
  await staff.setViewportSize({ width: 1440, height: 900 });
  await answer.getByRole('button', { name: 'Decline' }).click();
  const decline = staff.getByRole('dialog', { name: 'Decline the name change' });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText(NAME_CHANGE_MESSAGES.declineReason)).toBeVisible();
  await decline.getByLabel('Why the property keeps its name').fill('Send us the brand agreement first, please.');
  const adminMails = await mailCount('admin@harbourview.example');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(staff.getByText(NAME_CHANGE_MESSAGES.declined)).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await staff.goto('/');
  await expect(staff.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Names waiting to change' })).toHaveCount(0);
  await staff.context().close();

  // The admin reads why, by email and on the page, keeps the name, and may ask again.
  await waitForMail('admin@harbourview.example', /(Send us the brand agreement first)/, adminMails);
  await page.reload();
  await expect(box).toContainText(`Not renamed to “${name} by the Bay”`);
  await expect(box).toContainText('Send us the brand agreement first, please.');
  await expect(box.locator('strong')).toHaveText(name);
  await expect(box.getByRole('button', { name: 'Request a name change' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/name-change-admin-1440.png`, fullPage: true });
});
