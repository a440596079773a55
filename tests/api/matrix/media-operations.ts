import type { Queryable } from '../../../server/db/client';
import { IMAGE_DOCS } from '../../../resources/media/image.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

const EDITORS = ['property_admin', 'property_editor', 'supplier', 'property_group_admin', 'property_group_editor'];
const member = (p: Principal, t: Target) =>
  p === 'staff' || (t === 'own' && p !== 'anonymous' && p !== 'no_membership');
const editor = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && EDITORS.includes(p));
const propertyId = (f: Fixture, t: Target) => (t === 'own' ? f.own : f.other);
const images = (f: Fixture, t: Target) => f.rows.images[t].split(',');

/** The property photos each fixture property has (a complete property has the five publishing needs), in order. */
export async function imageRows(db: Queryable, own: number, other: number): Promise<Fixture['rows']> {
  const ids = async (id: number) => {
    // The fixture's room types came after its photos: the main photo shows them all, so the property stays publishable.
    await db.query(
      `insert into image_room_types (image_id, room_type_id, property_id)
       select (select id from images where property_id = $1 order by is_main desc, id limit 1), r.id, r.property_id
         from room_types r where r.property_id = $1 on conflict do nothing`,
      [id],
    );
    return (
      await db.query<{ id: string }>(
        `select id::text as id from images where property_id = $1 and section = 'property' order by is_main desc, position, id`,
        [id],
      )
    )
      .map((r) => r.id)
      .join(',');
  };
  return { images: { own: await ids(own), other: await ids(other) } };
}

/** The media library (issue 27): members look, editors change, another tenant's photos never. */
export const MEDIA_OPERATIONS: Operation[] = [
  {
    field: 'Query.imageLibrary',
    query: IMAGE_DOCS.library,
    variables: (f, t) => ({ propertyId: propertyId(f, t), section: 'all' }),
    allowed: member,
  },
  {
    // A JSON request carries no file, so it is refused for everyone; tests/api/media.test.ts sends real multipart uploads as each role.
    field: 'Mutation.uploadImage',
    query: IMAGE_DOCS.upload,
    variables: (f, t) => ({ input: { propertyId: propertyId(f, t), section: 'property' }, file: null }),
    allowed: () => false,
  },
  {
    field: 'Mutation.updateImage',
    query: IMAGE_DOCS.update,
    variables: (f, t) => ({
      input: {
        propertyId: propertyId(f, t),
        id: images(f, t)[1],
        version: 1,
        caption: 'Matrix',
        altText: 'A matrix photo',
      },
    }),
    allowed: editor,
  },
  {
    field: 'Mutation.reorderImages',
    query: IMAGE_DOCS.reorder,
    variables: (f, t) => ({
      input: { propertyId: propertyId(f, t), section: 'property', ids: [...images(f, t)].reverse() },
    }),
    allowed: editor,
  },
  {
    field: 'Mutation.setMainImage',
    query: IMAGE_DOCS.setMain,
    variables: (f, t) => ({ propertyId: propertyId(f, t), id: images(f, t)[2] }),
    allowed: editor,
  },
  {
    field: 'Mutation.deleteImage',
    query: IMAGE_DOCS.remove,
    variables: (f, t) => ({ propertyId: propertyId(f, t), id: images(f, t)[3] }),
    allowed: editor,
  },
];
