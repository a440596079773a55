import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { mailsTo } from '../support/auth-client';
import { createProperty, createUser } from '../factories';
import { GO_LIVE_DOCS } from '../../resources/properties/go-live.documents';
import { GO_LIVE_MESSAGES } from '../../resources/properties/go-live';
import { REQUEST_TEXT_TOO_LONG } from '../../resources/properties/property-requests';

let app: TestApp;
const STAFF = 'staff@extranet.example';
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Answer = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
const gql = async (who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as Answer;

/** A property ready to publish, with its own admin and editor. */
async function readyProperty(complete = true) {
  const property = await createProperty(app, {
    status: 'ONBOARDING',
    complete,
    contacts: ['PRIMARY', 'BILLING', 'RESERVATION'],
  });
  const admin = await createUser(app, { role: 'property_admin', propertyId: property.id });
  const editor = await createUser(app, { role: 'property_editor', propertyId: property.id });
  return { ...property, admin: admin.email, editor: editor.email };
}

const requests = (propertyId: number) =>
  app.db.query<{ outcome: string | null; reason: string | null; decided: boolean }>(
    'select outcome, reason, decided_at is not null as decided from property_requests where property_id = $1 order by id',
    [propertyId],
  );
const history = (propertyId: number) =>
  app.db
    .query<{ action: string }>(
      "select action from audit_log where property_id = $1 and action like 'property.%' and action <> 'property.create' order by id",
      [propertyId],
    )
    .then((rows) => rows.map((r) => r.action));

describe('go-live requests (issue 25)', () => {
  it("lets the property's admin ask once every step is complete; staff are emailed and see it in their worklist", async () => {
    const p = await readyProperty();
    const before = (await mailsTo(app, STAFF)).length;
    const res = await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.requestGoLive.goLive).toMatchObject({ requestedBy: 'Fay Factory', outcome: null, decidedAt: null });
    expect(await requests(p.id)).toEqual([{ outcome: null, reason: null, decided: false }]);
    expect(await history(p.id)).toEqual(['property.goLiveRequest']);
    const staffMail = (await mailsTo(app, STAFF)).slice(before);
    expect(staffMail).toHaveLength(1);
    expect(staffMail[0]).toContain(`Subject: ${p.name} asks to go live`);
    expect(staffMail[0]).toContain(`/properties/${p.id}`);

    const worklist = await gql(STAFF, GO_LIVE_DOCS.goLiveRequests);
    expect(worklist.data.goLiveRequests).toContainEqual(
      expect.objectContaining({ propertyId: p.id, propertyName: p.name, requestedBy: 'Fay Factory' }),
    );
    // Asked twice: refused, still one request.
    const again = await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });
    expect(again.errors?.[0]).toMatchObject({ message: GO_LIVE_MESSAGES.alreadyOpen, extensions: { code: 'REFUSED' } });
    expect(await requests(p.id)).toHaveLength(1);
  });

  it('refuses a property with steps left, saying how many', async () => {
    const p = await readyProperty(false);
    const res = await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Complete every step before asking to go live (9 remaining).',
      extensions: { code: 'REFUSED' },
    });
    expect(await requests(p.id)).toEqual([]);
    expect(await history(p.id)).toEqual([]);
  });

  it('refuses editors, other properties and the worklist to anyone but staff, changing nothing', async () => {
    const p = await readyProperty();
    const other = await readyProperty();
    const byEditor = await gql(p.editor, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });
    expect(byEditor.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const elsewhere = await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: other.id });
    expect(elsewhere.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const worklist = await gql(p.admin, GO_LIVE_DOCS.goLiveRequests);
    expect(worklist.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });
    const sendBack = await gql(p.admin, GO_LIVE_DOCS.returnGoLive, { propertyId: p.id, reason: 'Looks fine to me' });
    expect(sendBack.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await requests(p.id)).toEqual([{ outcome: null, reason: null, decided: false }]);
    expect(await requests(other.id)).toEqual([]);
  });

  it('lets staff send it back with a reason the hotel is emailed; then publish answers the next request', async () => {
    const p = await readyProperty();
    await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });

    for (const reason of ['', '   ', 'x'.repeat(1001)]) {
      const bad = await gql(STAFF, GO_LIVE_DOCS.returnGoLive, { propertyId: p.id, reason });
      expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(bad.errors?.[0].extensions)).toContain(
        reason.length > 1000 ? REQUEST_TEXT_TOO_LONG : GO_LIVE_MESSAGES.reason,
      );
    }
    const reason = 'Add photos of the Family Suite, please.';
    const res = await gql(STAFF, GO_LIVE_DOCS.returnGoLive, { propertyId: p.id, reason });
    expect(res.errors).toBeUndefined();
    expect(res.data.returnGoLive.goLive).toMatchObject({ outcome: 'RETURNED', reason });
    const [returned] = await mailsTo(app, p.admin);
    expect(returned).toContain(`Subject: ${p.name} needs changes before it goes live`);
    expect(returned).toContain(reason);
    const twice = await gql(STAFF, GO_LIVE_DOCS.returnGoLive, { propertyId: p.id, reason });
    expect(twice.errors?.[0]).toMatchObject({ message: GO_LIVE_MESSAGES.noneOpen, extensions: { code: 'REFUSED' } });

    expect((await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id })).errors).toBeUndefined();
    const published = await gql(STAFF, 'mutation ($id: Int!) { publishProperty(id: $id) { status } }', { id: p.id });
    expect(published.errors).toBeUndefined();
    expect(await requests(p.id)).toEqual([
      { outcome: 'RETURNED', reason, decided: true },
      { outcome: 'PUBLISHED', reason: null, decided: true },
    ]);
    expect((await mailsTo(app, p.admin)).at(-1)).toContain(`Subject: ${p.name} is live`);
    expect(await history(p.id)).toEqual([
      'property.goLiveRequest',
      'property.goLiveReturn',
      'property.goLiveRequest',
      'property.publish',
    ]);
    // Published: nothing more to ask for.
    const after = await gql(p.admin, GO_LIVE_DOCS.requestGoLive, { propertyId: p.id });
    expect(after.errors?.[0]).toMatchObject({
      message: "A property that is Published can't ask to go live.",
      extensions: { code: 'REFUSED' },
    });
  });
});
