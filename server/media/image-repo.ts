import type { Queryable } from '../db/client';
import type { StoredSection } from '../../resources/media/image-rules';

export type ImageVariant = { hash: string; format: string; width: number; height: number; bytes: number };
export type ImageRow = {
  id: string;
  property_id: number;
  section: StoredSection;
  original_hash: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  placeholder: string;
  variants: ImageVariant[];
  file_name: string;
  caption: string;
  alt_text: string;
  tags: string[];
  position: number;
  is_main: boolean;
  version: number;
  created_at: Date | string;
  room_type_ids: string[];
};

/**
 * A new image row: its files (already stored) and, if known, its words. Unless given, it goes after
 * its section's last image and is the section's main image when the section has none.
 */
export type NewImage = Pick<
  ImageRow,
  | 'property_id'
  | 'section'
  | 'original_hash'
  | 'content_type'
  | 'width'
  | 'height'
  | 'bytes'
  | 'placeholder'
  | 'variants'
> &
  Partial<Pick<ImageRow, 'file_name' | 'caption' | 'alt_text' | 'tags' | 'position' | 'is_main'>>;

/** The one INSERT of an image row; returns its id. */
export async function insertImage(db: Queryable, row: NewImage): Promise<string> {
  const [made] = await db.query<{ id: string }>(
    `insert into images (property_id, section, original_hash, content_type, width, height, bytes, placeholder, variants,
       file_name, caption, alt_text, tags, position, is_main)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
       coalesce($14::int, (select coalesce(max(position), 0) + 1 from images where property_id = $1 and section = $2)),
       coalesce($15::boolean, not exists (select 1 from images where property_id = $1 and section = $2 and is_main)))
     returning id::text as id`,
    [
      row.property_id,
      row.section,
      row.original_hash,
      row.content_type,
      row.width,
      row.height,
      row.bytes,
      row.placeholder,
      JSON.stringify(row.variants),
      row.file_name ?? '',
      row.caption ?? '',
      row.alt_text ?? '',
      row.tags ?? [],
      row.position ?? null,
      row.is_main ?? null,
    ],
  );
  return made.id;
}

export const IMAGE_SQL = `select i.id::text as id, i.property_id, i.section, i.original_hash, i.content_type, i.width, i.height,
    i.bytes, i.placeholder, i.variants, i.file_name, i.caption, i.alt_text, i.tags, i.position, i.is_main, i.version, i.created_at,
    coalesce((select array_agg(r.room_type_id::text order by r.room_type_id) from image_room_types r where r.image_id = i.id), '{}') as room_type_ids
  from images i`;

/** A property's images in a section (or both), in their order: the main one first, then by position. */
export function listImages(db: Queryable, propertyId: number, section: StoredSection | 'all'): Promise<ImageRow[]> {
  return db.query<ImageRow>(
    `${IMAGE_SQL} where i.property_id = $1 and ($2 = 'all' or i.section = $2)
     order by i.section, i.is_main desc, i.position, i.id`,
    [propertyId, section],
  );
}

export async function loadImage(db: Queryable, id: string, lock = false): Promise<ImageRow | null> {
  const [row] = await db.query<ImageRow>(`${IMAGE_SQL} where i.id = $1${lock ? ' for update of i' : ''}`, [id]);
  return row ?? null;
}

export const mediaUrl = (hash: string) => `/media/${hash}`;

/** An image as the API gives it: its files as URLs (a WebP and a JPEG per width), its words and its place. */
export function presentImage(r: ImageRow) {
  const thumb = r.variants.find((v) => v.format === 'webp') ?? r.variants[0];
  return {
    id: r.id,
    section: r.section,
    url: mediaUrl(r.original_hash),
    thumbUrl: mediaUrl(thumb.hash),
    sources: r.variants.map((v) => ({ url: mediaUrl(v.hash), format: v.format, width: v.width, height: v.height })),
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    placeholder: r.placeholder,
    fileName: r.file_name,
    caption: r.caption,
    altText: r.alt_text,
    tags: r.tags,
    roomTypeIds: r.room_type_ids,
    isMain: r.is_main,
    position: r.position,
    version: r.version,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The files an image keeps (its original and every variant). */
export const filesOf = (r: Pick<ImageRow, 'original_hash' | 'variants'>) => [
  r.original_hash,
  ...r.variants.map((v) => v.hash),
];

/** Of these files, the ones no image names any more (files are shared by content). */
export async function unreferenced(db: Queryable, hashes: string[]): Promise<string[]> {
  const used = await db.query<{ hash: string }>(
    `select h as hash from unnest($1::text[]) h
     where exists (select 1 from images where original_hash = h)
        or exists (select 1 from images where variants @> jsonb_build_array(jsonb_build_object('hash', h)))`,
    [hashes],
  );
  const kept = new Set(used.map((u) => u.hash));
  return hashes.filter((h) => !kept.has(h));
}
