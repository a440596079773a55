import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessCookie } from '../support/as-user';
import { testDbKind } from '../support/test-db';
import { RESOURCES } from '../../resources/registry';
import { resourceDocuments } from '../../resources/resource.documents';
import { FIXTURE_RESOURCES, FIXTURE_SQL } from '../fixtures/resources/fixture-resources';
import { arrivalResource } from '../fixtures/resources/arrivals/arrival.resource';
import { lockerResource } from '../fixtures/resources/lockers/locker.resource';
import { bedSetupResource } from '../fixtures/resources/bed-setups/bed-setup.resource';
import { floorPlanResource } from '../fixtures/resources/floor-plans/floor-plan.resource';
import { wifiResource } from '../fixtures/resources/wifi/wifi.resource';

let app: TestApp;
let admin = '',
  viewer = '';
beforeAll(async () => {
  app = await createTestApp({ resources: [...RESOURCES, ...FIXTURE_RESOURCES] });
  await app.db.exec(FIXTURE_SQL);
  admin = await accessCookie(app, 'admin@harbourview.example');
  viewer = await accessCookie(app, 'viewer@harbourview.example');
});
afterAll(() => app.close());

type Answer = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
const call = async (cookie: string, query: string, variables: Record<string, unknown>): Promise<Answer> => {
  const res = await app.postGraphql({
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
};
/** A multipart save as the portal's transport sends it (GraphQL multipart request spec), with the CSRF header. */
const upload = async (
  cookie: string,
  query: string,
  variables: Record<string, unknown>,
  file: File,
): Promise<Answer> => {
  const body = new FormData();
  body.set('operations', JSON.stringify({ query, variables }));
  body.set('map', JSON.stringify({ 0: ['variables.input.values.plan'] }));
  body.set('0', file);
  const res = await app.postGraphql({ headers: { cookie, 'x-correlation-id': 'upload-test' }, body });
  return res.json();
};

describe(`definition options, each proven by a fixture (${testDbKind})`, () => {
  it('read-only: lists and shows rows, and has no create, update or delete', async () => {
    for (const [guest, arrival] of [
      ['Ng', '2026-12-02'],
      ['Adams', '2026-12-01'],
    ]) {
      await app.db.query("insert into resource_rows (resource, property_id, data) values ('arrivals', 1, $1)", [
        JSON.stringify({ guest, arrival }),
      ]);
    }
    const docs = resourceDocuments(arrivalResource);
    const list = await call(viewer, docs.list, { input: { propertyId: 1, sort: 'ARRIVAL_DESC' } });
    expect(list.data.arrivals.nodes.map((n: any) => n.guest)).toEqual(['Ng', 'Adams']);
    expect((await call(viewer, docs.one, { id: list.data.arrivals.nodes[1].id })).data.arrival).toMatchObject({
      guest: 'Adams',
      arrival: '2026-12-01',
    });
    const create = await call(admin, docs.create, {
      input: { propertyId: 1, values: { guest: 'X', arrival: '2026-12-03' } },
    });
    expect(create.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED'); // the schema has no such operation
  });

  it('own-table storage: real columns, the same API, the one conflict answer and the audit row', async () => {
    const docs = resourceDocuments(lockerResource);
    for (const [code, size, zone] of [
      ['L2', 40, 'POOL'],
      ['L1', 60, 'LOBBY'],
    ] as const) {
      expect(
        (await call(admin, docs.create, { input: { propertyId: 1, values: { code, size, zone } } })).errors,
      ).toBeUndefined();
    }
    expect(await app.db.query('select code, size_cm, zone from fixture_lockers order by code')).toEqual([
      { code: 'L1', size_cm: 60, zone: 'LOBBY' },
      { code: 'L2', size_cm: 40, zone: 'POOL' },
    ]);
    const bySize = await call(viewer, docs.list, {
      input: { propertyId: 1, sort: 'SIZE_DESC', filter: { zone: ['LOBBY', 'POOL'], code: 'l' } },
    });
    expect(bySize.data.lockers).toMatchObject({
      totalCount: 2,
      nodes: [
        { code: 'L1', size: 60 },
        { code: 'L2', size: 40 },
      ],
    });
    const id = bySize.data.lockers.nodes[1].id;
    expect(
      (await call(admin, docs.update, { input: { id, version: 1, values: { code: 'L2', size: 45, zone: 'POOL' } } }))
        .data.updateLocker,
    ).toMatchObject({ size: 45, version: 2 });
    const stale = await call(admin, docs.update, {
      input: { id, version: 1, values: { code: 'L2', size: 50, zone: 'POOL' } },
    });
    expect(stale.errors?.[0]).toMatchObject({
      extensions: { code: 'STALE', current: { version: 2, values: { code: 'L2', size: 45, zone: 'POOL' } } },
    });
    const [audit] = await app.db.query<{ before: any; after: any }>(
      "select before, after from audit_log where action = 'lockers.update'",
    );
    expect(audit).toEqual({
      before: { code: 'L2', size: 40, zone: 'POOL' },
      after: { code: 'L2', size: 45, zone: 'POOL' },
    });
    expect((await call(viewer, docs.delete, { input: { id } })).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await call(admin, docs.delete, { input: { id } })).data.deleteLocker.id).toBe(id);
    expect(await app.db.query('select code from fixture_lockers')).toEqual([{ code: 'L1' }]);
  });

  it("child scope: rows under one room type, in that room type's property only", async () => {
    const docs = resourceDocuments(bedSetupResource);
    const [mine] = await app.db.query<{ id: string }>(
      'select id::text from room_types where property_id = 1 order by id limit 1',
    );
    const [theirs] = await app.db.query<{ id: string }>(
      'select id::text from room_types where property_id = 2 order by id limit 1',
    );
    const made = await call(admin, docs.create, { input: { roomTypeId: mine.id, values: { name: 'Twin', beds: 2 } } });
    expect(made.data.createBedSetup).toMatchObject({ roomTypeId: mine.id, propertyId: 1, name: 'Twin', beds: 2 });
    const list = await call(viewer, docs.list, { input: { roomTypeId: mine.id } });
    expect(list.data.bedSetups.nodes.map((n: any) => n.name)).toEqual(['Twin']);
    expect((await call(admin, docs.list, { input: { roomTypeId: theirs.id } })).errors?.[0].extensions.code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await call(admin, docs.create, { input: { roomTypeId: theirs.id, values: { name: 'X', beds: 1 } } })).errors?.[0]
        .extensions.code,
    ).toBe('NOT_FOUND');
    expect(
      (await call(viewer, docs.create, { input: { roomTypeId: mine.id, values: { name: 'X', beds: 1 } } })).errors?.[0]
        .extensions.code,
    ).toBe('FORBIDDEN');
    const updated = await call(admin, docs.update, {
      input: { id: made.data.createBedSetup.id, version: 1, values: { name: 'Twin', beds: 3 } },
    });
    expect(updated.data.updateBedSetup).toMatchObject({ roomTypeId: mine.id, beds: 3 });
  });

  it('a file field: multipart upload, checked for type and size, stored by content hash; left out on update, it is kept', async () => {
    const docs = resourceDocuments(floorPlanResource);
    const png = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'ground.png', { type: 'image/png' });
    const made = await upload(
      admin,
      docs.create,
      { input: { propertyId: 1, values: { title: 'Ground', plan: null } } },
      png,
    );
    expect(made.errors).toBeUndefined();
    const plan = made.data.createFloorPlan.plan;
    expect(plan).toMatchObject({ name: 'ground.png', type: 'image/png', size: 7 });
    const stored = path.join(app.config.DATA_DIR, 'media', plan.hash.slice(0, 2), plan.hash);
    expect(existsSync(stored) && [...readFileSync(stored)]).toEqual([137, 80, 78, 71, 1, 2, 3]);
    const gif = await upload(
      admin,
      docs.create,
      { input: { propertyId: 1, values: { title: 'Gif', plan: null } } },
      new File(['GIF89a'], 'a.gif', { type: 'image/gif' }),
    );
    expect(gif.errors?.[0].extensions.fields).toEqual({ plan: ['Plan must be a PNG or PDF file'] });
    const big = await upload(
      admin,
      docs.create,
      { input: { propertyId: 1, values: { title: 'Big', plan: null } } },
      new File([new Uint8Array(101 * 1024)], 'big.pdf', { type: 'application/pdf' }),
    );
    expect(big.errors?.[0].extensions.fields).toEqual({ plan: ['Plan must be 100 KB or smaller'] });
    expect(
      (await call(admin, docs.create, { input: { propertyId: 1, values: { title: 'None' } } })).errors?.[0].extensions
        .fields,
    ).toEqual({ plan: ['Choose a file'] });
    const renamed = await call(admin, docs.update, {
      input: { id: made.data.createFloorPlan.id, version: 1, values: { title: 'Ground floor' } },
    });
    expect(renamed.data.updateFloorPlan).toMatchObject({ title: 'Ground floor', plan: { hash: plan.hash } });
    const viewerUpload = await upload(
      viewer,
      docs.create,
      { input: { propertyId: 1, values: { title: 'V', plan: null } } },
      png,
    );
    expect(viewerUpload.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('one record per property: read by property, created by the first save, then versioned', async () => {
    const docs = resourceDocuments(wifiResource);
    expect((await call(viewer, docs.one, { propertyId: 1 })).data.wifi).toBeNull();
    const first = await call(admin, docs.save!, {
      input: { propertyId: 1, version: null, values: { network: 'Harbour-Guest', free: true } },
    });
    expect(first.errors).toBeUndefined();
    expect(first.data.saveWifi).toMatchObject({ network: 'Harbour-Guest', password: null, free: true, version: 1 });
    const again = await call(admin, docs.save!, {
      input: { propertyId: 1, version: null, values: { network: 'Harbour-Guest', free: true } },
    });
    expect(again.errors).toBeUndefined();
    expect(again.data.saveWifi.version).toBe(1); // an identical repeat save changes nothing
    expect(
      (
        await call(admin, docs.save!, {
          input: { propertyId: 1, version: 1, values: { network: 'Harbour', free: false } },
        })
      ).data.saveWifi.version,
    ).toBe(2);
    const stale = await call(admin, docs.save!, {
      input: { propertyId: 1, version: 1, values: { network: 'Old', free: true } },
    });
    expect(stale.errors?.[0]).toMatchObject({
      extensions: {
        code: 'STALE',
        current: { version: 2, values: { network: 'Harbour', password: null, free: false } },
      },
    });
    expect(
      (await call(viewer, docs.save!, { input: { propertyId: 1, version: 2, values: { network: 'V' } } })).errors?.[0]
        .extensions.code,
    ).toBe('FORBIDDEN');
    expect(
      (await call(admin, docs.save!, { input: { propertyId: 1, version: 2, values: { network: '' } } })).errors?.[0]
        .extensions.fields,
    ).toEqual({ network: ['Enter the network name'] });
    expect(await app.db.query("select action from audit_log where action like 'wifi.%' order by id")).toEqual([
      { action: 'wifi.create' },
      { action: 'wifi.update' },
    ]);
  });
});
