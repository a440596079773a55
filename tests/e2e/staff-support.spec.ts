import { expect, test } from '@playwright/test';
import { signIn, submitPassword } from './support/sign-in';
import { noSidewaysScroll } from './support/layout';
import { SUPPORT_ACTIONS, VIEW_AS_TEXTS } from '../../resources/users/support';
import { FINDER_TEXTS } from '../../resources/properties/property-finder';

const SUPPLIER = 'supplier@harbourview.example';

test.describe.configure({ timeout: 90_000 });

test('staff find a locked-out supplier by email, see why, unlock them, and the supplier signs in', async ({
  browser,
}) => {
  // Staff sign in first: the supplier's first lock lasts a minute, and two emailed-code sign-ins
  // with their anti-spam proofs can take longer than that in a slow hour (the lock had lapsed).
  const page = await browser.newPage();
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');

  // The supplier locks themself out: six wrong passwords, then the right one is blocked too.
  const supplier = await browser.newPage();
  await supplier.goto('/sign-in');
  for (let i = 0; i < 6; i++) {
    await submitPassword(supplier, SUPPLIER, `Wrong#Password${i}`);
    await expect(supplier.getByRole('alert')).toBeVisible();
  }
  await submitPassword(supplier, SUPPLIER);
  await expect(supplier.getByRole('alert')).toContainText('Access temporarily blocked');

  await page.getByLabel(FINDER_TEXTS.search).fill('supplier@harbour');
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('link', { name: SUPPLIER })).toBeVisible();
  await expect(people).toContainText('Sydney Harbour Hotel');
  await people.getByRole('link', { name: SUPPLIER }).click();

  await expect(page).toHaveURL(/\/staff\/users\/\d+$/);
  await expect(page.getByText('Locked out', { exact: true })).toBeVisible();
  await expect(page.getByText(/Too many wrong passwords from one address: locked until/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Memberships' })).toContainText('Supplier');
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/user-support-1440.png`, fullPage: true });

  const tools = page.getByRole('group', { name: 'Support actions' });
  await tools.getByRole('button', { name: 'Unlock' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(SUPPORT_ACTIONS.unlock.confirm(SUPPLIER));
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(SUPPORT_ACTIONS.unlock.done(SUPPLIER))).toBeVisible();
  await expect(page.getByText('Nothing stops this user signing in.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tools.getByRole('button', { name: 'Unlock' })).toBeDisabled();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Unlock');
  await expect(history.getByRole('listitem').first()).toContainText('staff@extranet.example');

  // Back to the search it came from.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\?q=supplier%40harbour$/);

  // The user's page links to the users of each place they reach.
  await page.goBack();
  await page.getByRole('list', { name: 'Memberships' }).getByRole('link', { name: 'Sydney Harbour Hotel' }).click();
  await expect(page).toHaveURL(/\/properties\/1\/user$/);
  await expect(page.getByRole('link', { name: 'Sol Supplier' })).toBeVisible();

  // The supplier signs in at once.
  await supplier.goto('/sign-in');
  await signIn(supplier, SUPPLIER);
  await expect(supplier).toHaveURL(/\/properties\/1$/);

  // View as: staff see the supplier's portal under a banner, a save is refused, Stop brings staff back.
  await page.getByRole('link', { name: 'Sol Supplier' }).click();
  await tools.getByRole('button', { name: VIEW_AS_TEXTS.button }).click();
  await expect(dialog).toContainText(VIEW_AS_TEXTS.confirm(SUPPLIER));
  await dialog.getByRole('button', { name: VIEW_AS_TEXTS.button }).click();
  const banner = page.getByRole('status').filter({ hasText: VIEW_AS_TEXTS.banner(SUPPLIER) });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/\d+ min left/);
  await expect(page).toHaveURL(/\/properties\/1$/); // the supplier's home: their one property
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/user-details/update');
  await page.getByLabel('Position').fill('Changed while viewing');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(VIEW_AS_TEXTS.readOnly)).toBeVisible();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/view-as-1440.png` });
  await banner.getByRole('button', { name: VIEW_AS_TEXTS.stop }).click();
  await expect(page).toHaveURL(/\/staff\/users\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: VIEW_AS_TEXTS.banner(SUPPLIER) })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem').first()).toContainText(
    'Staff stopped viewing as this user',
  );

  // On a phone the page fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await noSidewaysScroll(page);
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/user-support-390.png`, fullPage: true });
});
