import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { mailsTo } from '../support/auth-client';
import { createProperty, createUser } from '../factories';
import { NAME_CHANGE_DOCS } from '../../resources/properties/name-change.documents';
import { NAME_CHANGE_MESSAGES } from '../../resources/properties/name-change';
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

async function property() {
  const p = await createProperty(app, { status: 'PUBLISHED', complete: true });
  const admin = await createUser(app, { role: 'property_admin', propertyId: p.id });
  const editor = await createUser(app, { role: 'property_editor', propertyId: p.id });
  return { ...p, admin: admin.email, editor: editor.email };
}
const input = { name: 'Saltbush Bay Lodge', note: 'New owners from 1 July; the signage changes that day.' };
const ask = (who: string, propertyId: number, i: Record<string, unknown> = input) =>
  gql(who, NAME_CHANGE_DOCS.requestNameChange, { propertyId, input: i });

const requests = (propertyId: number) =>
  app.db.query<{ kind: string; proposed_name: string; note: string; outcome: string | null; reason: string | null }>(
    'select kind, proposed_name, note, outcome, reason from property_requests where property_id = $1 order by id',
    [propertyId],
  );
const nameOf = async (propertyId: number) =>
  (await app.db.query<{ name: string }>('select name from properties where id = $1', [propertyId]))[0].name;
const history = (propertyId: number) =>
  app.db.query<{ action: string; before: unknown; after: unknown }>(
    "select action, before, after from audit_log where property_id = $1 and action like 'property.%' and action <> 'property.create' order by id",
    [propertyId],
  );

describe('a hotel asks for a new property name (issue 25)', () => {
  it("takes the admin's request with its note, emails staff and lists it in their worklist; a second waits for the first", async () => {
    const p = await property();
    const before = (await mailsTo(app, STAFF)).length;
    const res = await ask(p.admin, p.id);
    expect(res.errors).toBeUndefined();
    expect(res.data.requestNameChange).toMatchObject({
      name: p.name,
      nameChange: { proposedName: input.name, note: input.note, requestedBy: 'Fay Factory', outcome: null },
    });
    expect(await requests(p.id)).toEqual([
      { kind: 'NAME_CHANGE', proposed_name: input.name, note: input.note, outcome: null, reason: null },
    ]);
    expect(await history(p.id)).toEqual([
      { action: 'property.nameChangeRequest', before: null, after: { name: input.name, note: input.note } },
    ]);
    const mail = (await mailsTo(app, STAFF)).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain(`Subject: ${p.name} asks to be renamed`);
    expect(mail[0]).toContain(`/properties/${p.id}/details/overview`);
    const worklist = await gql(STAFF, NAME_CHANGE_DOCS.nameChangeRequests);
    expect(worklist.data.nameChangeRequests).toContainEqual(
      expect.objectContaining({ propertyId: p.id, propertyName: p.name, proposedName: input.name }),
    );

    const again = await ask(p.admin, p.id, { ...input, name: 'Another Name' });
    expect(again.errors?.[0]).toMatchObject({
      message: NAME_CHANGE_MESSAGES.alreadyOpen,
      extensions: { code: 'REFUSED' },
    });
    expect(await requests(p.id)).toHaveLength(1);
  });

  it('says what is wrong with the input, field by field, and writes nothing', async () => {
    const p = await property();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...input, name: '  ' }, 'name', 'Enter the property name.'],
      [{ ...input, name: 'x'.repeat(201) }, 'name', 'Use 200 characters or fewer.'],
      [{ ...input, name: p.name }, 'name', NAME_CHANGE_MESSAGES.same],
      [{ ...input, note: '' }, 'note', NAME_CHANGE_MESSAGES.note],
      [{ ...input, note: 'x'.repeat(1001) }, 'note', REQUEST_TEXT_TOO_LONG],
      [{ ...input, extra: 'field' }, '', ''],
    ];
    for (const [bad, field, message] of cases) {
      const res = await ask(p.admin, p.id, bad);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      if (field) expect(res.errors?.[0].extensions?.fields?.[field]).toEqual([message]);
    }
    expect(await requests(p.id)).toEqual([]);
    expect(await history(p.id)).toEqual([]);
  });

  it("refuses editors, another property's admin, and answers to anyone but staff, changing nothing", async () => {
    const p = await property();
    const other = await property();
    expect((await ask(p.editor, p.id)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await ask(p.admin, other.id)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql(p.admin, NAME_CHANGE_DOCS.nameChangeRequests)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    await ask(p.admin, p.id);
    const approve = await gql(p.admin, NAME_CHANGE_DOCS.approveNameChange, { propertyId: p.id });
    expect(approve.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const decline = await gql(p.editor, NAME_CHANGE_DOCS.declineNameChange, { propertyId: p.id, reason: 'No' });
    expect(decline.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await nameOf(p.id)).toBe(p.name);
    expect((await requests(p.id)).map((r) => r.outcome)).toEqual([null]);
    expect(await requests(other.id)).toEqual([]);
  });

  it('staff rename the property as asked: one history record with before and after, the hotel is emailed', async () => {
    const p = await property();
    const version = async () =>
      (await app.db.query<{ v: number }>('select settings_version as v from properties where id = $1', [p.id]))[0].v;
    const versionBefore = await version();
    await ask(p.admin, p.id);
    const res = await gql(STAFF, NAME_CHANGE_DOCS.approveNameChange, { propertyId: p.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.approveNameChange).toMatchObject({ name: input.name, nameChange: { outcome: 'RENAMED' } });
    expect(await nameOf(p.id)).toBe(input.name);
    expect((await history(p.id)).at(-1)).toEqual({
      action: 'property.rename',
      before: { name: p.name },
      after: { name: input.name },
    });
    expect((await mailsTo(app, p.admin)).at(-1)).toContain(`Subject: ${p.name} is now ${input.name}`);
    const worklist = await gql(STAFF, NAME_CHANGE_DOCS.nameChangeRequests);
    expect(worklist.data.nameChangeRequests.map((r: { propertyId: number }) => r.propertyId)).not.toContain(p.id);
    const twice = await gql(STAFF, NAME_CHANGE_DOCS.approveNameChange, { propertyId: p.id });
    expect(twice.errors?.[0]).toMatchObject({
      message: NAME_CHANGE_MESSAGES.noneOpen,
      extensions: { code: 'REFUSED' },
    });
    // Staff's Admin page, if open, sees the rename as a change since it was read: the settings version moved on.
    expect(await version()).toBe(versionBefore + 1);
  });

  it('staff decline with a reason the hotel reads by email and on the page; the name stays', async () => {
    const p = await property();
    await ask(p.admin, p.id);
    for (const reason of ['', 'x'.repeat(1001)]) {
      const bad = await gql(STAFF, NAME_CHANGE_DOCS.declineNameChange, { propertyId: p.id, reason });
      expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    const reason = 'The new name is the trading name of another property. Call us to choose one.';
    const res = await gql(STAFF, NAME_CHANGE_DOCS.declineNameChange, { propertyId: p.id, reason });
    expect(res.errors).toBeUndefined();
    expect(await nameOf(p.id)).toBe(p.name);
    const seen = await gql(p.editor, NAME_CHANGE_DOCS.propertyNameChange, { id: p.id });
    expect(seen.data.viewer.property.nameChange).toMatchObject({
      outcome: 'DECLINED',
      reason,
      proposedName: input.name,
    });
    const mail = (await mailsTo(app, p.admin)).at(-1)!;
    expect(mail).toContain(`Subject: ${p.name} keeps its name`);
    expect(mail).toContain('trading name of another property');
    expect((await history(p.id)).map((h) => h.action)).toEqual([
      'property.nameChangeRequest',
      'property.nameChangeDecline',
    ]);
    // Declined: the hotel may ask again.
    expect((await ask(p.admin, p.id, { ...input, name: 'Saltbush Bay Hideaway' })).errors).toBeUndefined();
  });
});
