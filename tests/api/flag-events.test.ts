import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessCookie, asUser } from '../support/as-user';
import { createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { FLAG_EVENT_MESSAGES, FLAG_EVENT_REQUESTS_PER_MINUTE, FLAG_EVENTS_PATH } from '../../resources/flag-events';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';

/** Spec §9 flag events: counted per flag, value and day, bounded per request and per session. */
let app: TestApp;
let cookie: string;
let staff: string;
const event = (value: boolean) => ({
  flag: 'supplier-extranet-global-inclusions',
  value,
  role: 'property_admin',
  route: '/properties/:id',
});
const send = (body: unknown, headers: Record<string, string> = { cookie }) =>
  fetch(`${app.httpBase}${FLAG_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  cookie = await accessCookie(app, (await createUser(app)).email);
  staff = (await createUser(app, { isStaff: true })).email;
});
afterAll(() => app.close());

describe(`flag events (${testDbKind})`, () => {
  it('counts a batch per flag, value and day, and staff read the counts', async () => {
    const res = await send({ events: [event(true), event(true), event(false)] });
    expect(res.status).toBe(204);
    const body = (await (await asUser(app, staff)).gql(PROPERTY_DOCS.flagEventCounts, { days: 7 })).body as any;
    expect(body.data.flagEventCounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ flag: 'supplier-extranet-global-inclusions', value: true, count: 2 }),
        expect.objectContaining({ flag: 'supplier-extranet-global-inclusions', value: false, count: 1 }),
      ]),
    );
  });

  it('refuses more than 100 events, unknown flags, bad JSON, signed-out senders and other origins, counting nothing', async () => {
    const before = await app.db.query('select flag, value, count from flag_event_counts order by 1, 2');
    const over = await send({ events: Array.from({ length: 101 }, () => event(true)) });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: FLAG_EVENT_MESSAGES.tooMany });
    expect((await send({ events: [{ ...event(true), flag: 'made-up' }] })).status).toBe(400);
    expect((await send({ events: [{ ...event(true), extra: 1 }] })).status).toBe(400);
    expect((await send('{not json')).status).toBe(400);
    expect((await send({ events: [event(true)] }, {})).status).toBe(401);
    expect((await send({ events: [event(true)] }, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await app.db.query('select flag, value, count from flag_event_counts order by 1, 2')).toEqual(before);
  });

  it('limits how often one session may send', async () => {
    const own = await accessCookie(app, (await createUser(app)).email);
    const statuses: number[] = [];
    for (let i = 0; i < FLAG_EVENT_REQUESTS_PER_MINUTE + 2; i++)
      statuses.push((await send({ events: [event(true)] }, { cookie: own })).status);
    expect(statuses.slice(0, FLAG_EVENT_REQUESTS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('shows the counts to staff only', async () => {
    const other = (await createUser(app)).email;
    const denied = (await (await asUser(app, other)).gql(PROPERTY_DOCS.flagEventCounts, { days: 7 })).body as any;
    expect(denied.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const bad = (await (await asUser(app, staff)).gql(PROPERTY_DOCS.flagEventCounts, { days: 400 })).body as any;
    expect(bad.errors?.[0].message).toBe('days must be between 1 and 90.');
  });
});
