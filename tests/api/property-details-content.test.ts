import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty } from '../factories';
import { DETAILS_DOCS } from '../../resources/properties/details.resource';

/** The content a listing needs (issue 25): location's lists, structured policies and facilities. */
let app: TestApp;
let propertyId: number;
beforeAll(async () => {
  app = await createTestApp();
  propertyId = (await createProperty(app, { status: 'ONBOARDING', inventoryProvider: null })).id;
});
afterAll(() => app.close());

const STAFF = 'staff@extranet.example';
const gql = async (query: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, STAFF)).gql(query, variables)).body as {
    data?: any;
    errors?: { message: string; extensions: Record<string, any> }[];
  };
const version = async () =>
  (await gql(DETAILS_DOCS.propertyDetails, { id: propertyId })).data.viewer.property.details.version as number;
const save = async (section: string, values: Record<string, unknown>) =>
  gql(DETAILS_DOCS.savePropertyDetails, { input: { propertyId, section, version: await version(), values } });
const stored = async (section: string) =>
  (await gql(DETAILS_DOCS.propertyDetails, { id: propertyId })).data.viewer.property.details.sections[section];

describe('location', () => {
  it('refuses a country or a time zone that is not on the list, with the message', async () => {
    const res = await save('location', {
      addressLine1: '1 Beach Road',
      suburb: 'Paihia',
      country: 'Atlantis',
      timezone: 'Mars/Olympus',
    });
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { country: ['Choose a country'], timezone: ['Choose a time zone'] },
    });
    expect(await stored('location')).toBeUndefined();
  });

  it('saves any ISO 3166 country by name and any IANA zone, and reads them back', async () => {
    const values = {
      addressLine1: '1 Beach Road',
      suburb: 'Chatham Islands',
      country: 'New Zealand',
      latitude: -43.95,
      longitude: -176.56,
      timezone: 'Pacific/Chatham',
    };
    expect((await save('location', values)).errors).toBeUndefined();
    expect(await stored('location')).toMatchObject(values);
  });
});

describe('policies', () => {
  it('refuses bad structured values with their messages and changes nothing', async () => {
    const res = await save('policies', {
      cancellationPolicy: 'Free cancellation up to 48 hours before arrival.',
      checkInFrom: '25:00',
      checkOutBy: 'noon',
      minCheckInAge: 12,
      childrenAllowed: 'SOMETIMES',
      petsAllowed: 'CATS_ONLY',
      deposit: 'ALWAYS',
      taxesAndFees: 'MAYBE',
    });
    expect(res.errors?.[0].extensions.fields).toEqual({
      checkInFrom: ['Check-in from must be a time like 14:00'],
      checkOutBy: ['Check-out by must be a time like 14:00'],
      minCheckInAge: ['Minimum check-in age must be between 16 and 99'],
      childrenAllowed: ['Choose whether children are allowed'],
      petsAllowed: ['Choose whether pets are allowed'],
      deposit: ['Choose when a deposit is taken'],
      taxesAndFees: ['Choose whether taxes and fees are included'],
    });
    const shown = await save('policies', {
      cancellationPolicy: 'Free cancellation up to 48 hours before arrival.',
      childrenAllowed: 'WELCOME',
      childrenMinAge: 18,
      petsAllowed: 'ALLOWED',
      petFee: -5,
      deposit: 'AT_CHECK_IN',
      depositAmount: 'lots',
    });
    expect(shown.errors?.[0].extensions.fields).toEqual({
      childrenMinAge: ["Children's minimum age must be between 0 and 17"],
      petFee: ['Pet fee must be between 0 and 10000'],
      depositAmount: ['Deposit amount must be a number'],
    });
    expect(await stored('policies')).toBeUndefined();
  });

  it('saves the structured policies beside the free text and reads them back', async () => {
    const values = {
      checkInFrom: '15:00',
      checkInUntil: '23:30',
      checkOutBy: '10:00',
      minCheckInAge: 18,
      checkInPolicy: 'Photo ID at check-in.',
      childrenAllowed: 'WELCOME',
      childrenMinAge: 5,
      childrenPolicy: 'Cots on request.',
      petsAllowed: 'ON_REQUEST',
      petFee: 25,
      petsPolicy: 'Dogs under 10 kg.',
      deposit: 'AT_CHECK_IN',
      depositAmount: 150,
      taxesAndFees: 'EXTRA',
      cancellationPolicy: 'Free cancellation up to 48 hours before arrival.',
    };
    const res = await save('policies', values);
    expect(res.errors).toBeUndefined();
    expect(res.data.savePropertyDetails.publishable.propertyPolicies).toBe(true);
    // No standard cancellation terms sent is none set: the policy stays as written.
    expect(await stored('policies')).toEqual({ ...values, cancellationTiers: null });
  });

  it("drops what a choice hides: a child's age for adults only, a pet fee when pets are not allowed", async () => {
    const res = await save('policies', {
      cancellationPolicy: 'Non-refundable.',
      childrenAllowed: 'ADULTS_ONLY',
      childrenMinAge: 5,
      petsAllowed: 'NOT_ALLOWED',
      petFee: 25,
      deposit: 'NONE',
      depositAmount: 100,
    });
    expect(res.errors).toBeUndefined();
    expect(await stored('policies')).toEqual({
      cancellationPolicy: 'Non-refundable.',
      cancellationTiers: null,
      childrenAllowed: 'ADULTS_ONLY',
      petsAllowed: 'NOT_ALLOWED',
      deposit: 'NONE',
    });
  });
});

describe('facilities', () => {
  it('refuses options not on the lists, with their messages', async () => {
    const res = await save('facilities', {
      facilities: ['Pool'],
      parking: 'VALET',
      breakfast: 'BRUNCH',
      wifi: 'FAST',
      pool: 'HEATED',
    });
    expect(res.errors?.[0].extensions.fields).toEqual({
      parking: ['Choose a parking option'],
      breakfast: ['Choose a breakfast option'],
      wifi: ['Choose a Wi-Fi option'],
      pool: ['Choose a pool option'],
    });
  });

  it('saves parking, breakfast, Wi-Fi and pool details and reads them back, without what a choice hides', async () => {
    const values = {
      facilities: ['Pool', 'Restaurant'],
      parking: 'PAID',
      parkingPlace: 'NEARBY',
      breakfast: 'INCLUDED',
      wifi: 'FREE',
      wifiArea: 'ROOMS',
      pool: 'SEASONAL',
    };
    expect((await save('facilities', values)).errors).toBeUndefined();
    expect(await stored('facilities')).toEqual(values);
    expect((await save('facilities', { ...values, parking: 'NONE', wifi: 'NONE' })).errors).toBeUndefined();
    expect(await stored('facilities')).toEqual({
      facilities: ['Pool', 'Restaurant'],
      parking: 'NONE',
      breakfast: 'INCLUDED',
      wifi: 'NONE',
      pool: 'SEASONAL',
    });
  });
});

describe('cancellation', () => {
  it('writes the cancellation policy from the standard terms, whatever text is sent', async () => {
    const res = await save('policies', {
      cancellationPolicy: 'Always free to cancel!',
      cancellationTiers: [
        { daysBeforeArrival: 1, penaltyPercent: 100 },
        { daysBeforeArrival: 7, penaltyPercent: 50 },
      ],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.savePropertyDetails.publishable.propertyPolicies).toBe(true);
    expect(await stored('policies')).toMatchObject({
      cancellationPolicy:
        'Free cancellation until 8 days before arrival. 50% penalty 7 days or fewer before arrival. 100% penalty 1 day or fewer before arrival.',
    });
    // No tiers is free cancellation, said so; the text needs sending no more than the terms do.
    expect((await save('policies', { cancellationTiers: [] })).errors).toBeUndefined();
    expect(await stored('policies')).toEqual({
      cancellationTiers: [],
      cancellationPolicy: 'Free cancellation at any time.',
    });
  });

  it("refuses tiers the rate plans would refuse, with the rate plans' messages", async () => {
    const res = await save('policies', {
      cancellationPolicy: 'Free cancellation up to 48 hours before arrival.',
      cancellationTiers: [
        { daysBeforeArrival: 2, penaltyPercent: 100 },
        { daysBeforeArrival: 2, penaltyPercent: 150 },
        { daysBeforeArrival: null, penaltyPercent: 50 },
      ],
    });
    expect(res.errors?.[0].extensions.fields.cancellationTiers).toEqual(
      expect.arrayContaining(['Penalty must be between 0 and 100%', 'Enter the days before arrival']),
    );
    expect(await stored('policies')).toEqual({
      cancellationTiers: [],
      cancellationPolicy: 'Free cancellation at any time.',
    });
  });

  it('keeps a policy written in words while no standard terms are set', async () => {
    const res = await save('policies', { cancellationPolicy: 'Non-refundable.', cancellationTiers: null });
    expect(res.errors).toBeUndefined();
    expect(await stored('policies')).toEqual({ cancellationPolicy: 'Non-refundable.', cancellationTiers: null });
  });
});
