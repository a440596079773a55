import type { AppContext } from '../context';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { listImages, presentImage } from './image-repo';
import {
  isImageSection,
  MAX_IMAGES_PER_PROPERTY,
  MIN_IMAGES_TO_PUBLISH,
  MIN_LONG_SIDE,
} from '../../resources/media/image-rules';

/** A section of the media library: its photos, the property's room types with how many photos each has, and the publishing count. */
export async function imageLibrary(ctx: AppContext, args: { propertyId: unknown; section: unknown }) {
  const section = String(args.section);
  if (!isImageSection(section)) throw userError('Section must be property, room-types or all.', 'BAD_USER_INPUT');
  const facts = await authorizeProperty(ctx, args.propertyId, 'read', 'Image');
  const [rows, roomTypes, [counts]] = await Promise.all([
    listImages(ctx.db, facts.propertyId, section),
    ctx.db.query<{ id: string; name: string; images: number }>(
      `select r.id::text as id, r.name, (select count(*)::int from image_room_types x where x.room_type_id = r.id) as images
       from room_types r where r.property_id = $1 order by r.name, r.id`,
      [facts.propertyId],
    ),
    ctx.db.query<{ total: number; with_alt: number }>(
      `select count(*)::int as total, count(*) filter (where alt_text <> '')::int as with_alt from images where property_id = $1`,
      [facts.propertyId],
    ),
  ]);
  return {
    section,
    nodes: rows.map(presentImage),
    roomTypes,
    total: counts.total,
    withAltText: counts.with_alt,
    limits: {
      maxImages: MAX_IMAGES_PER_PROPERTY,
      minLongSide: MIN_LONG_SIDE,
      minToPublish: MIN_IMAGES_TO_PUBLISH,
      maxBytes: ctx.config.MAX_UPLOAD_BYTES,
    },
  };
}
