import { devices, expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { takenOver } from './support/taken-over';
import { sectionLink } from './support/details-tabs';
import { DRAWING_DIFFERED } from '../../resources/first-screen';
import { WORKLIST_TEXTS } from '../../resources/properties/worklist';
import { DETAILS_DOCS, DETAILS_SECTIONS } from '../../resources/properties/details.resource';

/**
 * Issue 35: a property's home comes with its first screen drawn by the server (server/http/first-screen.ts),
 * from the user's own reads, and the portal takes it over as it stands (hydrates it) without reading
 * again or blinking.
 */
const HOME = '/properties/1';
const NAME = 'Sydney Harbour Hotel';

/** Users of property 1 alone, not the suites' usual admin: an account gets 20 sign-in codes an hour. */
async function signedIn(page: Page, email = 'viewer@harbourview.example') {
  await page.goto('/sign-in');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/properties\/1$/);
  // The home's own reads, in the portal the sign-in moved to, are done.
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
}

/** A drawn page's markup (its reads' script left out) and its reads: each query's key and answer. */
async function drawing(page: Page, address: string) {
  const answer = await page.request.get(address);
  const html = await answer.text();
  const json = /<script type="application\/json" id="first-reads">(.*?)<\/script>/.exec(html)?.[1];
  expect(json, address).toBeDefined();
  const { state } = JSON.parse(json!) as { state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  return {
    markup: html.replace(json!, ''),
    timing: answer.headers()['server-timing'],
    reads: state.queries.map((query) => [JSON.stringify(query.queryKey), query.state.data] as const),
  };
}

test('a property home is drawn by the server, for its user only, and never kept by a cache', async ({ page }) => {
  await signedIn(page);
  const drawn = await page.request.get(HOME, { headers: { 'accept-encoding': 'br' } });
  expect(drawn.status()).toBe(200);
  expect(drawn.headers()['cache-control']).toBe('no-store');
  // Sent compressed (a rates calendar's drawing is hundreds of kilobytes of markup and reads).
  expect(drawn.headers()['content-encoding']).toBe('br');
  expect(Number(drawn.headers()['content-length'])).toBeLessThan((await drawn.body()).length / 3);
  const html = await drawn.text();
  expect(html).toMatch(/<div id="root" inert aria-hidden="true">/);
  expect(html).toContain(`<h1 class="ant-typography`);
  expect(html).toContain(`>${NAME}</h1>`);
  expect(html).toContain('data-step="ratesLoaded"');
  expect(html).toContain('<script type="application/json" id="first-reads">');

  // A second drawing of an address makes first the reads the last one had to render once to learn
  // of (src/first-screen/read-hints.ts), and draws the same page from the same reads.
  const address = `/properties/1/reservations?sort=check_out&direction=desc&drawn=${Date.now()}`;
  const cold = await drawing(page, address);
  const warm = await drawing(page, address);
  expect(cold.reads.some(([key]) => key.startsWith('["gql","reservations",1,'))).toBe(true);
  expect(cold.timing).toMatch(/^draw;dur=[\d.]+;desc="[234] renders"$/);
  expect(warm.timing).toMatch(/^draw;dur=[\d.]+;desc="1 render"$/);
  expect(warm.reads).toEqual(cold.reads);
  expect(warm.markup).toBe(cold.markup);

  // Not this user's property: the plain page, with nothing of that property in it.
  const other = await page.request.get('/properties/2');
  expect(other.status()).toBe(200);
  const plain = await other.text();
  expect(plain).toContain('<div id="root">');
  expect(plain).not.toContain('first-reads');
  expect(plain).not.toContain('Melbourne Beach Resort');
  // Its answer says why it was not drawn: the user's own read refused, as the portal would show it.
  expect(other.headers()['server-timing']).toMatch(/^draw;desc="not drawn: ManageProperty failed \(.+\)"$/);
  // An address that leads to another (spec §2's details and rate plans open their overview; a
  // section this viewer may not see opens the home): the server answers with the redirect, for
  // this user only, where the portal's code would have moved on seconds later on a phone.
  const leads = [
    ['/properties/1/details', '/properties/1/details/overview'],
    ['/properties/1/rate-plans', '/properties/1/rate-plans/overview'],
    ['/properties/1/user', HOME],
    // The home sends a user of one property to it.
    ['/', HOME],
  ];
  for (const [from, to] of leads) {
    const answer = await page.request.get(from, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(302);
    expect(answer.headers().location).toBe(to);
    expect(answer.headers()['cache-control']).toBe('no-store');
  }
  const landed = await page.goto('/properties/1/details');
  expect(landed!.request().redirectedFrom()?.url()).toMatch(/\/properties\/1\/details$/);
  await expect(page).toHaveURL(/\/properties\/1\/details\/overview$/);
  expect(await landed!.text()).toContain('id="first-reads"');
  await takenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: DETAILS_SECTIONS.overview.title })).toBeVisible();

  // Signed out, or a session cookie that is not one (its answer clears the session): the plain
  // page, and no redirect; the portal's code moves on.
  for (const cookie of ['', 'access_token=forged; refresh_token=forged']) {
    for (const address of [HOME, '/properties/1/details']) {
      const answer = await page.request.fetch(address, { headers: { cookie }, maxRedirects: 0 });
      expect(answer.status()).toBe(200);
      expect(await answer.text()).not.toContain('first-reads');
      if (cookie) expect(answer.headers()['server-timing']).toMatch(/^draw;desc="not drawn: UserAttributes failed/);
    }
  }
});

test('a session renewed by the drawing keeps its new cookies', async ({ page, context }) => {
  await signedIn(page, 'supplier@harbourview.example');
  // The portal closed first: a read of its own sent while the cookies are swapped would find none, and
  // the portal would sign out (auth-provider's onError), ending the session the drawing is to renew.
  await page.goto('about:blank');
  // The access token gone (expired): the server's reads renew it from the refresh token, and the page sets it.
  const cookies = await context.cookies();
  await context.clearCookies();
  await context.addCookies(cookies.filter((c) => c.name !== 'access_token' && c.name !== 'id_token'));
  const renewed = await page.request.get(HOME);
  // Drawn; if not, the answer says why (its Server-Timing).
  expect(await renewed.text(), renewed.headers()['server-timing']).toContain('first-reads');
  const set = renewed
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  expect(set.some((line) => line.startsWith('access_token='))).toBe(true);
  // The session goes on with what the page set (a refresh token rotated with it, when the server rotated it).
  await page.goto(HOME);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
});

/**
 * From the next page load on, notes every change that shows the loading frame or a page's loading
 * spinner, the page's heading drawn anew (the drawing replaced, not taken over), or the page twice;
 * and the portal saying on the console that the drawing differed from its page.
 */
async function watchForBlinks(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    let heading: Element | null = null;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      if (root.querySelector('.shell')) seen.push('loading frame shown');
      // A page's loading state (a table's refresh overlay is not one: a live page reads afresh once it listens).
      if (root.querySelector('main .ant-spin-spinning:not(.ant-table-wrapper *)')) seen.push('page loading');
      if (root.querySelectorAll('h1').length > 1) seen.push('page shown twice');
      const now = root.querySelector('h1');
      if (heading && now && now !== heading && !seen.includes('page drawn anew')) seen.push('page drawn anew');
      heading ??= now;
    }).observe(document, { childList: true, subtree: true });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes(DRAWING_DIFFERED))
      void page.evaluate(() => (window as unknown as { seen: string[] }).seen.push('drawing differed'));
  });
}
const blinks = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

test('the portal takes over the drawing without a blink or a second read, and the drawing shows with no script at all', async ({
  page,
  browser,
}) => {
  await signedIn(page);
  // With scripts: watch every change for the loading frame on screen, or the page twice.
  await watchForBlinks(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && /ManageProperty|UserAttributes/.test(body)) reads.push(body);
    // The runtime settings came with the page too (the footer, the error reporter, the legacy redirects).
    if (new URL(request.url()).pathname === '/app-config') reads.push('GET /app-config');
  });
  await page.goto(HOME);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await takenOver(page);
  await expect(page.locator('#first-reads')).toHaveCount(0);
  expect(await blinks(page)).toEqual([]);
  expect(reads).toEqual([]);
  // The portal's own page: its links move within the portal.
  await page.locator('li[data-step="ratePlans"]').getByRole('link').click();
  await expect(page).toHaveURL(/\/properties\/1\/rate-plans/);

  // A browser in another time zone than the server's: the drawing's times would read differently
  // there, so the portal draws the page anew instead of taking it over; still no frame, no spinner.
  const zone =
    Intl.DateTimeFormat().resolvedOptions().timeZone === 'Pacific/Auckland' ? 'America/New_York' : 'Pacific/Auckland';
  const away = await browser.newContext({ timezoneId: zone, storageState: await page.context().storageState() });
  const far = await away.newPage();
  await watchForBlinks(far);
  await far.goto(HOME);
  await expect(far.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await takenOver(far);
  await expect(far.locator('li[data-step="ratesLoaded"]')).toBeVisible();
  expect(await blinks(far)).toEqual(['page drawn anew']);
  await away.close();

  // No scripts at all: the server's drawing is the page.
  const still = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const bare = await still.newPage();
  await bare.goto(HOME);
  await expect(bare.locator('#root h1')).toHaveText(NAME);
  await expect(bare.locator('#root li[data-step="ratesLoaded"]')).toBeVisible();
  await expect(bare.locator('#root[inert]')).toHaveCount(1);
  await still.close();
});

test("a property's other pages, a record's edit form and a group's dashboard are drawn too, with their page's style sheets, and taken over without a read until they listen", async ({
  page,
}) => {
  await signedIn(page, 'supplier@harbourview.example');
  // The rates calendar of the property's first room type.
  await page.goto('/properties/1/rates-and-inventory');
  const calendar = (await page.locator('main a[href*="/rates-and-inventory/"]').first().getAttribute('href'))!;
  expect(calendar).toMatch(/^\/properties\/1\/rates-and-inventory\/\d+$/);
  const pages = [
    {
      address: '/properties/1/reservations',
      heading: 'Reservations',
      css: 'reservations',
      read: 'Reservations',
      shows: 'ant-table-row',
    },
    {
      address: calendar,
      heading: 'Rates and inventory',
      css: 'rates-calendar',
      read: 'RatesCalendar',
      shows: 'rates-grid__row',
    },
  ];
  for (const { address, heading, css, shows } of pages) {
    const answer = await page.request.get(address);
    const html = await answer.text();
    expect(answer.headers()['cache-control']).toBe('no-store');
    expect(html).toMatch(/<div id="root" inert aria-hidden="true">/);
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toContain(`class="${shows}`);
    // The page's own CSS is linked in the head: the drawing needs it before any script, the portal's page after it.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(new RegExp(`<link rel="stylesheet" crossorigin href="/assets/${css}-[\\w-]+\\.css">`));
    // Its chunks are not asked for before the drawing paints: the boot script fetches them with the portal's code.
    expect(head).not.toContain('modulepreload');
    expect(html).toMatch(/<script type="application\/json" id="first-screen-chunks">\["\/assets\//);
    // Every chunk the page names, its own and the code's, is there to fetch.
    const chunks = JSON.parse(/id="first-screen-chunks">([^<]*)</.exec(html)![1]) as string[];
    const code = JSON.parse(/data-code='([^']*)'/.exec(html)![1]) as string[];
    for (const href of [...code, ...chunks]) expect((await page.request.get(href)).status(), href).toBe(200);
  }

  // A page the server does not draw (a new record's form, which fills in as it mounts): the plain page.
  const creating = await page.request.get('/properties/1/room-types/create');
  const form = await creating.text();
  expect(form).toContain('<div id="root">');
  expect(form).not.toContain('first-reads');
  expect(creating.headers()['server-timing']).toMatch(/^draw;desc="not drawn: \w+ is not drawn on the server"$/);

  await watchForBlinks(page);
  for (const { address, heading, read, shows } of pages) {
    // In order: the reads the page makes, and the live connection opening. Both pages are live: they
    // read afresh once they listen (changes between the server's read and then were never pushed).
    const events: string[] = [];
    const note = (request: import('@playwright/test').Request) => {
      const body = request.postData() ?? '';
      if (request.url().endsWith('/graphql') && /query (ManageProperty|UserAttributes)\b/.test(body))
        events.push('layout read');
      else if (request.url().endsWith('/graphql') && new RegExp(`query ${read}\\b`).test(body))
        events.push('page read');
    };
    const listening = () => events.push('listening');
    page.on('request', note);
    page.on('websocket', listening);
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await takenOver(page);
    await expect(page.locator(`#root .${shows}`).first()).toBeVisible();
    await expect.poll(() => events.includes('page read')).toBe(true);
    expect(await blinks(page)).toEqual([]);
    // No horizontal scroll: the page's CSS stayed when the drawing went.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    page.off('request', note);
    page.off('websocket', listening);
    expect(events.filter((e) => e !== 'listening')).toEqual(['page read']);
    expect(events.indexOf('listening')).toBeLessThan(events.indexOf('page read'));
  }

  // A record's edit form is drawn with its stored values, and taken over as a live form: untouched
  // it leaves at once; typed in, it asks before losing the change.
  const list = await (await page.request.get('/properties/1/room-types')).text();
  const edit = /href="(\/properties\/1\/room-types\/\d+)"/.exec(list)![1];
  const drawnForm = await (await page.request.get(edit)).text();
  expect(drawnForm).toMatch(/<div id="root" inert aria-hidden="true">/);
  const name = /<input[^>]*id="room-types_name"[^>]*value="([^"]+)"/.exec(drawnForm)?.[1];
  expect(name).toBeTruthy();
  const reread: string[] = [];
  const noteRead = (request: import('@playwright/test').Request) => {
    if (request.url().endsWith('/graphql') && /query (RoomType|ManageProperty)\b/.test(request.postData() ?? ''))
      reread.push(request.postData()!);
  };
  page.on('request', noteRead);
  await page.goto(edit);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await takenOver(page);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name!);
  expect(await blinks(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  page.off('request', noteRead);
  expect(reread).toEqual([]);
  await page.getByRole('link', { name: 'Back to room types' }).click();
  await expect(page).toHaveURL(/\/room-types$/);
  await page.goto(edit);
  await takenOver(page);
  await page.getByLabel('Name', { exact: true }).fill(`${name} (draft)`);
  await page.getByRole('link', { name: 'Back to room types' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/room-types$/);

  // A group's dashboard, for its user: drawn without a property.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signIn(page, 'group.admin@coastal.example');
  await expect(page).toHaveURL(/\/property-groups\/1$/);
  const group = await (await page.request.get('/property-groups/1')).text();
  expect(group).toMatch(/<div id="root" inert aria-hidden="true">/);
  expect(group).toContain('>Coastal Collection</');
  // Another tenant's property, asked for by the group's user: the plain page, nothing of it drawn.
  const other = await (await page.request.get('/properties/1/reservations')).text();
  expect(other).not.toContain('first-reads');
  expect(other).not.toContain('Sydney Harbour Hotel');
});

test('a details section is drawn on a phone with its stored values in the fields, and taken over without reading them again; so are the pages behind a legacy redirect', async ({
  page,
  browser,
}) => {
  await signedIn(page);
  const { data } = await (
    await page.request.post('/graphql', { data: { query: DETAILS_DOCS.propertyDetails, variables: { id: 1 } } })
  ).json();
  const description: string = data.viewer.property.details.sections.overview.description;
  expect(description.length).toBeGreaterThan(0);

  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const small = await phone.newPage();
  const drawn = await (await small.request.get('/properties/1/details/overview')).text();
  expect(drawn).toMatch(/<div id="root" inert aria-hidden="true">/);
  expect(drawn).toContain(`>${DETAILS_SECTIONS.overview.title}</h1>`);
  // The stored text is in the drawn field, not filled in after the portal mounts.
  expect(drawn).toMatch(/<textarea[^>]*id="details-overview_description"[^>]*>[^<]+<\/textarea>/);

  await watchForBlinks(small);
  const reads: string[] = [];
  small.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && /query (PropertyDetails|ManageProperty)\b/.test(body)) reads.push(body);
  });
  await small.goto('/properties/1/details/overview');
  await expect(small.getByRole('heading', { level: 1, name: DETAILS_SECTIONS.overview.title })).toBeVisible();
  await takenOver(small);
  await expect(small.getByLabel('Description')).toHaveValue(description);
  expect(await blinks(small)).toEqual([]);
  expect(reads).toEqual([]);
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // The sections are links; one moves within the portal, and the row marks it.
  await sectionLink(small, 'Location').click();
  await expect(small).toHaveURL(/\/details\/location$/);
  await expect(sectionLink(small, 'Location')).toHaveAttribute('aria-current', 'page');
  await expect(small.getByRole('heading', { level: 1, name: DETAILS_SECTIONS.location.title })).toBeVisible();
  await phone.close();

  // Pages behind a legacy redirect wait for the runtime settings (GET /app-config), which the drawing
  // comes with: they are drawn too (they were a spinner), and taken over without reading again.
  for (const { address, heading, read, shows } of [
    {
      address: '/properties/1/details/policies',
      heading: DETAILS_SECTIONS.policies.title,
      read: 'PropertyDetails',
      shows: 'id="details-policies_checkInFrom"',
    },
    { address: '/properties/1/room-types', heading: 'Room types', read: 'RoomTypes', shows: 'class="ant-table-row' },
  ]) {
    const html = await (await page.request.get(address)).text();
    expect(html).toMatch(/<div id="root" inert aria-hidden="true">/);
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toContain(shows);
    const again: string[] = [];
    const note = (request: import('@playwright/test').Request) => {
      const body = request.postData() ?? '';
      if (request.url().endsWith('/graphql') && new RegExp(`query (${read}|ManageProperty)\\b`).test(body))
        again.push(body);
    };
    page.on('request', note);
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await takenOver(page);
    await page.waitForLoadState('networkidle');
    page.off('request', note);
    expect(again).toEqual([]);
  }

  // The drawing alone (no script): as wide as the phone, the section menu clipped, not widening the page.
  const bare = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const still = await bare.newPage();
  await still.goto('/properties/1/details/overview');
  await expect(still.locator('#root[inert] h1')).toHaveText(DETAILS_SECTIONS.overview.title);
  expect(await still.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await bare.close();
});

test("the home is drawn too: a staff member's console with its worklist and the properties, taken over without a read; a group's user is sent on to the group by the server", async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, 'staff@extranet.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
  const drawn = await (await page.request.get('/')).text();
  expect(drawn).toMatch(/<div id="root" inert aria-hidden="true">/);
  expect(drawn).toMatch(/>Welcome, (<!-- -->)?Sam<\/h1>/);
  // The worklist and the finder's first page, read by the server as this staff member.
  expect(drawn).toContain(`aria-label="${WORKLIST_TEXTS.title}"`);
  expect(drawn).toContain('class="finder__count">Showing 1–20 of ');
  expect(drawn).toContain('>Adelaide Grand</a>');

  await watchForBlinks(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && /query (StaffWorklist|StaffProperties|UserAttributes)\b/.test(body))
      reads.push(body);
  });
  await page.goto('/');
  await takenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Adelaide Grand' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await blinks(page)).toEqual([]);
  expect(reads).toEqual([]);

  // A group's user: the home sends them to their group, and the server answers with that redirect.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signIn(page, 'group.admin@coastal.example');
  await expect(page).toHaveURL(/\/property-groups\/1$/);
  const home = await page.request.get('/', { maxRedirects: 0 });
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe('/property-groups/1');
});
