import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { RESOURCES } from '../../resources/registry';
import { defineResource } from '../../resources/define-resource';
import { text } from '../../resources/field-builders';
import { resourceDocuments } from '../../resources/resource.documents';
import { FORM_MESSAGES } from '../../resources/messages';
import { buildSchema } from '../../server/schema';
import { parkingSpaceResource } from '../fixtures/resources/parking-spaces/parking-space.resource';

let app: TestApp;
let admin = '',
  viewer = '',
  propertyId = 0;
beforeAll(async () => {
  app = await createTestApp({ resources: [...RESOURCES, parkingSpaceResource] });
  propertyId = (await createProperty(app, { status: 'PUBLISHED' })).id;
  admin = (await createUser(app, { role: 'property_admin', propertyId })).email;
  viewer = (await createUser(app, { role: 'property_viewer', propertyId })).email;
});
afterAll(() => app.close());

const docs = resourceDocuments(parkingSpaceResource);
/** GraphQL as a signed-in user (by email), over HTTP (asUser). */
const call = async (who: string, query: string, variables: Record<string, unknown>) =>
  (await (await asUser(app, who)).gql(query, variables)).body as {
    data?: any;
    errors?: { message: string; extensions: Record<string, any> }[];
  };

describe(`a resource added by definition only (${testDbKind})`, () => {
  it('gets its API: create, list with sort and filter, one, update, delete, with the abilities of its subject', async () => {
    for (const [label, level, kind] of [
      ['B2', -2, 'EV'],
      ['A1', 1, 'CAR'],
      ['C3', 3, 'EV'],
    ] as const) {
      const res = await call(admin, docs.create, {
        input: { propertyId, values: { label, level, kind, covered: level < 0 } },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data.createParkingSpace).toMatchObject({
        __typename: 'ParkingSpace',
        label,
        level,
        kind,
        propertyId,
        version: 1,
      });
    }
    const byLevel = await call(admin, docs.list, { input: { propertyId, sort: 'LEVEL_DESC' } });
    expect(byLevel.data.parkingSpaces.nodes.map((n: any) => n.label)).toEqual(['C3', 'A1', 'B2']);
    const ev = await call(admin, docs.list, {
      input: { propertyId, filter: { kind: ['EV'] }, sort: 'LABEL_ASC' },
      limit: 1,
    });
    expect(ev.data.parkingSpaces).toMatchObject({ totalCount: 2, nodes: [{ label: 'B2' }] });
    const id = ev.data.parkingSpaces.nodes[0].id;
    expect((await call(viewer, docs.one, { id })).data.parkingSpace.label).toBe('B2');
    expect(
      (await call(viewer, docs.update, { input: { id, version: 1, values: { label: 'B2', level: -2, kind: 'EV' } } }))
        .errors?.[0].extensions.code,
    ).toBe('FORBIDDEN');
    const updated = await call(admin, docs.update, {
      input: { id, version: 1, values: { label: 'B2-EV', level: -2, kind: 'EV', covered: true } },
    });
    expect(updated.data.updateParkingSpace).toMatchObject({ label: 'B2-EV', version: 2 });
    expect((await call(admin, docs.delete, { input: { id } })).data.deleteParkingSpace.id).toBe(id);
  });

  it("validates with its schema's messages", async () => {
    const res = await call(admin, docs.create, { input: { propertyId, values: { label: '', level: 99 } } });
    expect(res.errors?.[0].message).toBe(FORM_MESSAGES.couldNotSave);
    expect(res.errors?.[0].extensions.fields).toEqual({
      label: ['Enter a label'],
      level: ['Level must be between -5 and 20'],
      kind: ['Choose a kind'],
    });
  });

  it('refuses a wrong definition when it is defined or when the API is built, not in front of a user', () => {
    const bays = {
      name: 'bays',
      typeName: 'Bay',
      plural: 'Bays',
      label: 'Bays',
      singularLabel: 'Bay',
      subject: 'Property',
      scope: 'property',
      titleField: 'label',
      defaultSort: 'LABEL_ASC',
    } as const;
    const fields = { label: text({ label: 'Label', required: 'Enter a label', sort: true }) };
    expect(defineResource({ ...bays, fields }).schema.safeParse({ label: ' ' }).error?.issues[0].message).toBe(
      'Enter a label',
    );
    expect(() => defineResource({ ...bays, fields, subject: 'Parking' } as never)).toThrow("unknown subject 'Parking'");
    expect(() => defineResource({ ...bays, fields, defaultSort: 'KIND_ASC' })).toThrow(
      "defaultSort 'KIND_ASC' is not a sort of this resource",
    );
    // @ts-expect-error: a title field that is not a field fails the type check as well
    expect(() => defineResource({ ...bays, fields, titleField: 'size' })).toThrow("titleField 'size' is not a field");
    expect(() => defineResource({ ...bays, fields, storage: { table: 'bays', columns: { size: 'size_m' } } })).toThrow(
      "storage.columns names 'size', which is not a field",
    );
    expect(() =>
      defineResource({ ...bays, fields, storage: { table: 'bays', columns: { label: 'label; drop table x' } } }),
    ).toThrow("field 'label' has no plain column name");
    expect(() => buildSchema(undefined, [...RESOURCES, { ...parkingSpaceResource, subject: 'HealthCheck' }])).toThrow(
      "subject 'HealthCheck' has no ability rules",
    );
    expect(() =>
      buildSchema(undefined, [
        ...RESOURCES,
        {
          ...parkingSpaceResource,
          fields: [...parkingSpaceResource.fields, { name: 'bays', label: 'Bays', type: 'refs', ref: 'bays' }],
        },
      ]),
    ).toThrow("refers to unknown resource 'bays'");
  });
});
