import { describe, expect, it } from 'vitest';
import { nextStep, PUBLISHABLE_KEYS, stepAt, stepsFor, type Publishable } from '../../resources/domain';

const all = (done: boolean) => Object.fromEntries(PUBLISHABLE_KEYS.map((k) => [k, done])) as Publishable;
const EXTRANET = { ratesServiceEnabled: true, inventoryProvider: 'extranet' };
const CHANNEL = { ratesServiceEnabled: true, inventoryProvider: 'derbysoft' };

describe('Save and continue: the step a page belongs to and the next one to do (issue 25)', () => {
  it('finds the step of a details section, a contact, and any page of a list', () => {
    expect(stepAt('details/location')?.key).toBe('propertyLocation');
    expect(stepAt('contacts/primary')?.key).toBe('primaryContact');
    expect(stepAt('room-types/create')?.key).toBe('roomTypes');
    expect(stepAt('room-types/42')?.key).toBe('roomTypes');
    expect(stepAt('rate-plans/create')?.key).toBe('ratePlans');
    expect(stepAt('details/other')).toBeNull();
    expect(stepAt('contacts/unknown')).toBeNull();
    expect(stepAt('reservations')).toBeNull();
  });

  it('goes to the next step still to do, then wraps to an earlier one, then to none', () => {
    const steps = stepsFor(EXTRANET);
    const p = { ...all(true), propertyLocation: false, images: false };
    expect(nextStep(p, steps, stepAt('details/overview'))?.key).toBe('propertyLocation');
    expect(nextStep(p, steps, stepAt('details/location'))?.key).toBe('images');
    expect(nextStep(p, steps, stepAt('contacts/billing'))?.key).toBe('propertyLocation');
    expect(nextStep(all(true), steps, stepAt('contacts/billing'))).toBeNull();
    expect(nextStep({ ...all(true), billingContact: false }, steps, stepAt('contacts/billing'))).toBeNull();
  });

  it('lists rates as a step only where the portal holds them', () => {
    expect(stepsFor(EXTRANET).map((s) => s.key)).toContain('ratesLoaded');
    expect(stepsFor(CHANNEL).map((s) => s.key)).not.toContain('ratesLoaded');
    expect(stepsFor({ ...EXTRANET, ratesServiceEnabled: false }).map((s) => s.key)).not.toContain('ratesLoaded');
  });
});
