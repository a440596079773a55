import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The modules the portal loads to start (the resource definitions, flag events) and those its pages
 * load (key contacts, cancellation terms, reservations) build no zod schema as they load that the
 * page does not need to draw: a phone pays for each in the long task that evaluates the module's
 * chunk. Each is built when something first validates with it. Every schema starts with a call of
 * one of zod's functions (`z.object`, `z.coerce.number`, or one imported by name), and those are
 * counted here, however the module imports them.
 */
const calls = vi.hoisted(() => [] as string[]);
vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod')>();
  // Functions are counted when called; namespaces (`z.coerce`, `z.iso`) are counted through.
  const count = <T extends object>(namespace: T): T =>
    new Proxy(namespace, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value === 'function')
          return function (this: unknown, ...args: unknown[]) {
            calls.push(String(key));
            return Reflect.apply(value, this, args);
          };
        return value && typeof value === 'object' && key !== 'prototype' ? count(value) : value;
      },
    });
  const counted = count(zod.z);
  return { ...counted, z: counted, default: counted };
});

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
});

describe('schemas built on first use', () => {
  it('the resource definitions, flag events, cancellation terms, policies and key contacts call no zod function as they load', async () => {
    const { RESOURCES } = await import('../../resources/registry');
    const { flagEventsSchema } = await import('../../resources/flag-events');
    const { cancellationTiers } = await import('../../resources/rate-plans/cancellation-terms');
    const { POLICY_FIELDS } = await import('../../resources/properties/policy-fields');
    const { saveKeyContactInput } = await import('../../resources/contacts/contact.resource');
    expect(calls).toEqual([]);

    // Validating builds what it validates with, with the rules it had.
    const plans = RESOURCES.find((r) => r.name === 'rate-plans')!;
    expect(plans.schema.safeParse({}).success).toBe(false);
    expect(calls.length).toBeGreaterThan(0);
    const tiers = cancellationTiers();
    expect(tiers.safeParse([{ daysBeforeArrival: 7, penaltyPercent: 50 }]).success).toBe(true);
    expect(tiers.safeParse([{ daysBeforeArrival: 7, penaltyPercent: 150 }]).success).toBe(false);
    expect(cancellationTiers()).toBe(tiers);
    expect(POLICY_FIELDS.cancellationTiers.schema.safeParse(null).success).toBe(true);
    expect(flagEventsSchema().safeParse({ events: [] }).success).toBe(false);
    expect(saveKeyContactInput().safeParse({ propertyId: 1 }).success).toBe(false);
  });

  it('the reservations module builds its list query as it loads, and the booking intake’s schemas on first use', async () => {
    const { bookingSchema, cancelSchema, queryFromSearch } = await import(
      '../../resources/reservations/reservations.schema'
    );
    expect(calls).toContain('object');
    // z.email and z.literal are the intake's alone.
    expect(calls).not.toContain('email');
    expect(calls).not.toContain('literal');
    expect(queryFromSearch(new URLSearchParams('state=cancelled')).state).toBe('cancelled');

    expect(cancelSchema().safeParse({ action: 'cancel', propertyId: 1, bookingRef: 'ABC123' }).success).toBe(true);
    expect(bookingSchema().safeParse({ action: 'new', propertyId: 1 }).success).toBe(false);
    expect(calls).toContain('email');
    expect(calls).toContain('literal');
  });
});
