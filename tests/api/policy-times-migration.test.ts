import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { createProperty } from '../../server/ops/operator-ops';
import { openTestDb, testDbKind } from '../support/test-db';
import { sectionValues } from '../../resources/properties/details.resource';

/** Migration 0043: the check-in and check-out times move from the overview to Policies. */
let db: Db;
const ids: number[] = [];
const details = (id: number) =>
  db
    .query<{ sections: Record<string, Record<string, unknown>>; version: number }>(
      'select sections, version from property_details where property_id = $1',
      [id],
    )
    .then((r) => r[0]);
const overview = { description: 'By the sea.', propertyType: 'Hotel', checkInTime: '14:00', checkOutTime: '10:00' };
const policies = { cancellationPolicy: 'Free cancellation up to 48 hours before arrival.' };

beforeAll(async () => {
  db = await openTestDb(undefined, { before: '0043' });
  const before: Record<string, unknown>[] = [
    { overview, policies },
    { overview },
    { overview: { ...overview, checkOutTime: null }, policies: { ...policies, checkOutBy: '11:00' } },
    { policies },
  ];
  for (const [i, sections] of before.entries()) {
    const id = await db.transaction((tx) => createProperty(tx, { name: `Times ${i}`, status: 'ONBOARDING' }));
    await db.query('insert into property_details (property_id, sections, version) values ($1, $2, 3)', [
      id,
      JSON.stringify(sections),
    ]);
    ids.push(id);
  }
  await migrate(db);
});
afterAll(() => db.close());

describe(`migration 0043 (${testDbKind})`, () => {
  it('moves the times into saved policies, off the overview, and moves the version on', async () => {
    const d = await details(ids[0]);
    expect(d.sections.overview).toEqual({ description: 'By the sea.', propertyType: 'Hotel' });
    expect(d.sections.policies).toEqual({ ...policies, checkInFrom: '14:00', checkOutBy: '10:00' });
    expect(d.version).toBe(4);
  });

  it('keeps a time Policies already holds, and moves no empty one', async () => {
    const d = await details(ids[2]);
    expect(d.sections.policies).toEqual({ ...policies, checkInFrom: '14:00', checkOutBy: '11:00' });
    expect(d.sections.overview).toEqual({ description: 'By the sea.', propertyType: 'Hotel' });
  });

  it('makes no policies section where none was saved: the form starts from the overview times', async () => {
    const d = await details(ids[1]);
    expect(d.sections).toEqual({ overview });
    expect(d.version).toBe(3);
    expect(sectionValues('policies', d.sections)).toEqual({ checkInFrom: '14:00', checkOutBy: '10:00' });
    expect(sectionValues('overview', d.sections)).toEqual(overview);
  });

  it('leaves a property without times as it was', async () => {
    const d = await details(ids[3]);
    expect(d).toEqual({ sections: { policies }, version: 3 });
  });
});
