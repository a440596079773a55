import { FORM_MESSAGES } from '../../resources/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty } from '../factories';
import { DETAILS_DOCS } from '../../resources/properties/details.resource';

let app: TestApp;
let onboardingId: number;
beforeAll(async () => {
  app = await createTestApp();
  // An onboarding property with no sections done and no details yet, outside every demo account's reach but staff's.
  onboardingId = (await createProperty(app, { status: 'ONBOARDING', inventoryProvider: null })).id;
});
afterAll(() => app.close());

/** GraphQL as a signed-in user, over HTTP (asUser). */
const gql = async (who: string, query: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(query, variables)).body as {
    data?: any;
    errors?: { message: string; extensions: Record<string, any> }[];
  };
const save = (who: string, input: Record<string, unknown>) => gql(who, DETAILS_DOCS.savePropertyDetails, { input });
const STAFF = 'staff@extranet.example';

describe('property details sections', () => {
  it('saves a section, stores only its fields, and counts it towards publishing', async () => {
    const res = await save(STAFF, {
      propertyId: onboardingId,
      section: 'overview',
      version: 0,
      values: {
        description: 'A calm harbourside hotel.',
        propertyType: 'Hotel',
        starRating: 4.5,
        ratingType: 'AAA',
        // The times moved to Policies (issue 25): sent here, they are dropped like any unknown field.
        checkInTime: '14:00',
        sneaky: 'dropped',
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.savePropertyDetails.publishable).toEqual({
      propertyOverview: true,
      propertyLocation: false,
      propertyPolicies: false,
    });
    expect(res.data.savePropertyDetails.sections.overview).toEqual({
      description: 'A calm harbourside hotel.',
      propertyType: 'Hotel',
      starRating: 4.5,
      ratingType: 'AAA',
    });
    const read = await gql(STAFF, DETAILS_DOCS.propertyDetails, { id: onboardingId });
    expect(read.data.viewer.property.details.version).toBe(1);
    const [audit] = await app.db.query('select action from audit_log where property_id = $1 order by id desc limit 1', [
      onboardingId,
    ]);
    expect(audit).toEqual({ action: 'property.details.overview' });
  });

  it("refuses invalid values with the section's messages and changes nothing", async () => {
    const res = await save(STAFF, {
      propertyId: onboardingId,
      section: 'location',
      version: 1,
      values: { addressLine1: '', suburb: 'Bondi', country: 'Australia', latitude: 120, longitude: 'east' },
    });
    expect(res.errors?.[0]).toMatchObject({
      message: "Couldn't save changes.",
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: {
          addressLine1: ['Enter an address'],
          latitude: ['Latitude must be between -90 and 90'],
          longitude: ['Longitude must be a number'],
        },
      },
    });
    const read = await gql(STAFF, DETAILS_DOCS.propertyDetails, { id: onboardingId });
    expect(read.data.viewer.property.details.sections.location).toBeUndefined();
    expect((await save(STAFF, { propertyId: onboardingId, section: 'bedrooms', values: {} })).errors?.[0].message).toBe(
      'Unknown section',
    );
  });

  it('refuses a stale save with what is stored now', async () => {
    const ok = await save(STAFF, {
      propertyId: onboardingId,
      section: 'policies',
      version: 1,
      values: { cancellationPolicy: 'Free cancellation up to 48 hours.' },
    });
    expect(ok.data.savePropertyDetails.version).toBe(2);
    const stale = await save(STAFF, {
      propertyId: onboardingId,
      section: 'policies',
      version: 1,
      values: { cancellationPolicy: 'No refunds.' },
    });
    expect(stale.errors?.[0]).toMatchObject({
      extensions: {
        code: 'STALE',
        current: { version: 2, values: { cancellationPolicy: 'Free cancellation up to 48 hours.' } },
      },
    });
  });

  it('refuses a viewer and a stranger, and lets an editor of the property save', async () => {
    const values = { paymentMethod: 'invoice', commissionPercent: 14 };
    const current = (await gql(STAFF, DETAILS_DOCS.propertyDetails, { id: 1 })).data.viewer.property.details.version;
    expect(
      (
        await save('viewer@harbourview.example', {
          propertyId: 1,
          section: 'commercial-terms',
          version: current,
          values,
        })
      ).errors?.[0].extensions.code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await save('editor@harbourview.example', {
          propertyId: onboardingId,
          section: 'commercial-terms',
          version: 2,
          values,
        })
      ).errors?.[0].extensions.code,
    ).toBe('NOT_FOUND');
    // The commission is the brand's to set (issue 25): an editor's change to it is refused, nothing saved.
    const commission = await save('editor@harbourview.example', {
      propertyId: 1,
      section: 'commercial-terms',
      version: current,
      values,
    });
    expect(commission.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { commissionPercent: [FORM_MESSAGES.staffOnly('Commission (%)')] },
    });
    const stored = (await gql(STAFF, DETAILS_DOCS.propertyDetails, { id: 1 })).data.viewer.property.details;
    expect(stored.version).toBe(current);
    // Without it (or with the stored value), the rest saves and the commission stays as it was.
    const saved = await save('editor@harbourview.example', {
      propertyId: 1,
      section: 'commercial-terms',
      version: current,
      values: { paymentMethod: 'invoice' },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.savePropertyDetails.sections['commercial-terms']).toEqual({
      paymentMethod: 'invoice',
      commissionPercent: stored.sections['commercial-terms'].commissionPercent,
    });
    // Staff set it.
    const byStaff = await save(STAFF, {
      propertyId: 1,
      section: 'commercial-terms',
      version: saved.data.savePropertyDetails.version,
      values,
    });
    expect(byStaff.data.savePropertyDetails.sections['commercial-terms'].commissionPercent).toBe(14);
  });
  it('saves facilities with nothing ticked on a property that never saved them, as an empty list (issue 25)', async () => {
    for (const empty of [null, '', undefined]) {
      const version = (await gql(STAFF, DETAILS_DOCS.propertyDetails, { id: onboardingId })).data.viewer.property
        .details.version;
      const res = await save(STAFF, {
        propertyId: onboardingId,
        section: 'facilities',
        version,
        values: empty === undefined ? {} : { facilities: empty },
      });
      expect(res.errors, String(empty)).toBeUndefined();
      expect(res.data.savePropertyDetails.sections.facilities).toEqual({ facilities: [] });
    }
  });
  it('saves the other details (check-in instructions, languages, guest information, what rates include) against the version', async () => {
    const version = (await gql(STAFF, DETAILS_DOCS.propertyDetails, { id: 1 })).data.viewer.property.details.version;
    const values = {
      checkInInstructions: 'Reception is open 7am to 10pm; after hours, call the night manager.',
      languagesSpoken: ['English', 'Japanese'],
      importantInformation: 'The pool is closed for repairs in July.',
      ratesInclude: ['GST'],
    };
    const saved = await save(STAFF, { propertyId: 1, section: 'other', version, values });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.savePropertyDetails.sections.other).toEqual(values);
    const stale = await save(STAFF, {
      propertyId: 1,
      section: 'other',
      version,
      values: { languagesSpoken: ['French'] },
    });
    expect(stale.errors?.[0].extensions).toMatchObject({ code: 'STALE', current: { values } });
    const bad = await save(STAFF, {
      propertyId: 1,
      section: 'other',
      version: saved.data.savePropertyDetails.version,
      values: { languagesSpoken: ['Klingon'], importantInformation: 'x'.repeat(2001) },
    });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(bad.errors?.[0].extensions.fields).sort()).toEqual(['importantInformation', 'languagesSpoken']);
  });
});
