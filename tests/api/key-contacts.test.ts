import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty } from '../factories';
import { CONTACT_DOCS, CONTACT_FORM, CONTACT_MESSAGES } from '../../resources/contacts/contact.resource';
import { snakeCase } from '../../resources/define-resource';
import { testDbKind } from '../support/test-db';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** SaveKeyContact as a signed-in user, over HTTP (asUser). */
const save = async (who: string, input: Record<string, unknown>) => {
  const res = await (await asUser(app, who)).gql(CONTACT_DOCS.saveKeyContact, { input });
  return res.body as { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
};
const contact = async (type: string) =>
  (
    await app.db.query<Record<string, unknown>>('select * from contacts where property_id = 1 and contact_type = $1', [
      type,
    ])
  )[0];
const version = async (type: string) => (await contact(type)).version as number;
const EDITOR = 'editor@harbourview.example';
const valid = {
  propertyId: 1,
  name: 'Rhea Reservations',
  position: 'Reservations Lead',
  email: 'Rhea@Harbour.example',
  phone: '0299998888',
};

describe(`SaveKeyContact (${testDbKind})`, () => {
  it('saves a contact case-insensitively by type, with +61, and returns the publishable flags and contacts', async () => {
    const res = await save(EDITOR, {
      ...valid,
      contactType: 'Reservations',
      confirmationEmails: true,
      vccInEmail: false,
      version: await version('RESERVATION'),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveKeyContact.publishable).toEqual({ billingContact: true, reservationsContact: true });
    expect(res.data.saveKeyContact.contacts.reservationsContact).toMatchObject({
      name: 'Rhea Reservations',
      email: 'rhea@harbour.example',
      phone: '+61299998888',
      confirmationEmails: true,
      vccInEmail: false,
    });
    const [audit] = await app.db.query<{ before: any; after: any; actor: string }>(
      "select a.before, a.after, u.email as actor from audit_log a join users u on u.id = a.actor_user_id where a.action = 'contact.update' order by a.id desc limit 1",
    );
    expect(audit.actor).toBe(EDITOR);
    expect(audit.after).toMatchObject({
      contactType: 'RESERVATION',
      name: 'Rhea Reservations',
      confirmationEmails: true,
    });
    expect(audit.before.name).not.toBe('Rhea Reservations');
  });

  it('keeps the two checkboxes to the reservations contact', async () => {
    await save(EDITOR, {
      ...valid,
      contactType: 'billing',
      confirmationEmails: true,
      vccInEmail: true,
      version: await version('BILLING'),
    });
    expect(await contact('BILLING')).toMatchObject({ confirmation_emails: null, vcc_in_email: null });
  });

  it('refuses a viewer, changing nothing', async () => {
    const before = await contact('PRIMARY');
    const res = await save('viewer@harbourview.example', { ...valid, contactType: 'primary', version: before.version });
    expect(res.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await contact('PRIMARY')).toEqual(before);
  });

  it('refuses bad input with the spec messages, on the server too', async () => {
    const res = await save(EDITOR, {
      propertyId: 1,
      contactType: 'primary',
      name: '',
      email: 'nope',
      phone: '0'.repeat(26),
    });
    expect(res.errors?.[0]).toMatchObject({
      message: "Couldn't save changes.",
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: {
          name: ['Enter a name'],
          email: ['Enter a valid email'],
          phone: ['Phone number must be 25 characters or less'],
        },
      },
    });
    const missing = await save(EDITOR, { propertyId: 1, contactType: 'primary' });
    expect(missing.errors?.[0].extensions.fields).toEqual({
      name: ['Enter a name'],
      email: ['Enter an email'],
      phone: ['Enter a phone number'],
    });
    const unknown = await save(EDITOR, { ...valid, contactType: 'foo' });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Unknown contact type' });
    // Another country's code is refused, not saved as +61+64… (issue 25); +61 itself is fine.
    const before = await contact('PRIMARY');
    const foreign = await save(EDITOR, { ...valid, contactType: 'primary', phone: '+64 9 123 4567' });
    expect(foreign.errors?.[0].extensions.fields).toEqual({ phone: [CONTACT_MESSAGES.phoneCountry] });
    expect(await contact('PRIMARY')).toEqual(before);
    const local = await save(EDITOR, {
      ...valid,
      contactType: 'primary',
      phone: '+61 2 9999 7777',
      version: before.version,
    });
    expect(local.errors).toBeUndefined();
    expect((await contact('PRIMARY')).phone).toBe('+61299997777');
  });

  it('drops unknown fields: smuggled ids and ownership are not stored', async () => {
    const before = await contact('PRIMARY');
    const res = await save(EDITOR, {
      ...valid,
      contactType: 'primary',
      version: before.version,
      property_id: 9,
      propertyGroupId: 2,
      id: 999,
      role: 'staff',
      isAdmin: true,
    });
    expect(res.errors).toBeUndefined();
    const after = await contact('PRIMARY');
    expect(after).toMatchObject({ id: before.id, property_id: 1, name: valid.name });
  });

  it('refuses a save made against an older version and says what the other person saved', async () => {
    const v = await version('PRIMARY');
    expect(
      (await save('admin@harbourview.example', { ...valid, contactType: 'primary', name: 'First Writer', version: v }))
        .errors,
    ).toBeUndefined();
    const late = await save(EDITOR, { ...valid, contactType: 'primary', name: 'Second Writer', version: v });
    expect(late.errors?.[0]).toMatchObject({
      message: CONTACT_MESSAGES.conflict,
      extensions: {
        code: 'STALE',
        current: {
          version: v + 1,
          values: {
            name: 'First Writer',
            position: valid.position,
            email: 'rhea@harbour.example',
            phone: '+61299998888',
            confirmationEmails: null,
            vccInEmail: null,
          },
        },
      },
    });
    expect((await contact('PRIMARY')).name).toBe('First Writer');
  });

  it('treats a repeated identical save as done, creating nothing twice', async () => {
    const property = await createProperty(app, { status: 'ONBOARDING', contacts: ['PRIMARY', 'RESERVATION'] });
    const input = { ...valid, propertyId: property.id, contactType: 'billing', version: null };
    const [a, b] = await Promise.all([save('staff@extranet.example', input), save('staff@extranet.example', input)]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    const rows = await app.db.query("select id from contacts where property_id = $1 and contact_type = 'BILLING'", [
      property.id,
    ]);
    expect(rows).toHaveLength(1);
    const creates = await app.db.query("select 1 from audit_log where action = 'contact.create' and property_id = $1", [
      property.id,
    ]);
    expect(creates).toHaveLength(1);
  });

  it('keeps each field of the contact form in a column of its own, so the statements written from the form stay true', async () => {
    const columns = await app.db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'contacts'",
    );
    const names = columns.map((c) => c.column_name);
    for (const f of CONTACT_FORM.fields) expect(names).toContain(snakeCase(f.name));
    // A reservations contact saved without its two choices stores them as not asked for.
    const res = await save(EDITOR, { ...valid, contactType: 'reservations', version: await version('RESERVATION') });
    expect(res.errors).toBeUndefined();
    expect(await contact('RESERVATION')).toMatchObject({ confirmation_emails: false, vcc_in_email: false });
  });
});
