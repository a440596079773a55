import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Queryable } from './client';
import { processImage, type ProcessedImage } from '../media/image-pipeline';
import { stageAll, type MediaStore } from '../media/media-store';
import { insertImage } from '../media/image-repo';
import type { StoredSection } from '../../resources/media/image-rules';

/** Demo scenes drawn at seed time (no binary files in git): sky, water, a building, a room. */
const SCENES = [
  {
    caption: 'The hotel from the harbour',
    alt: 'A white hotel building by blue water under a clear sky',
    tags: ['Exterior', 'View'],
    sky: '#8ec5ff',
    ground: '#1f6fb2',
    block: '#f4f1ea',
  },
  {
    caption: 'Lobby',
    alt: 'A bright lobby with a timber reception desk',
    tags: ['Lobby'],
    sky: '#f3e6d3',
    ground: '#8a6a4a',
    block: '#d9b98f',
  },
  {
    caption: 'Rooftop pool',
    alt: 'An outdoor pool with sun loungers at sunset',
    tags: ['Pool'],
    sky: '#ffb36b',
    ground: '#2bb3c0',
    block: '#fff3e0',
  },
  {
    caption: 'Harbour restaurant',
    alt: 'Restaurant tables set by a window over the water',
    tags: ['Restaurant'],
    sky: '#c9d7e8',
    ground: '#5b4636',
    block: '#efe7da',
  },
  {
    caption: 'Evening view',
    alt: 'City lights reflected on the harbour at dusk',
    tags: ['View'],
    sky: '#2d3a6b',
    ground: '#0e1c3a',
    block: '#f7c873',
  },
  {
    caption: 'Queen room',
    alt: 'A queen bed with white linen beside a large window',
    tags: ['Room'],
    sky: '#eaf1f7',
    ground: '#b9a58c',
    block: '#ffffff',
  },
];

const svg = (s: (typeof SCENES)[number]) => `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="853">
  <rect width="1280" height="853" fill="${s.sky}"/><circle cx="1040" cy="170" r="90" fill="#fff7d1" opacity="0.8"/>
  <rect y="560" width="1280" height="293" fill="${s.ground}"/>
  <rect x="220" y="250" width="520" height="360" fill="${s.block}"/>
  ${[0, 1, 2, 3]
    .flatMap((r) =>
      [0, 1, 2, 3, 4].map(
        (c) => `<rect x="${250 + c * 96}" y="${280 + r * 76}" width="60" height="44" fill="#6b8fb5" opacity="0.7"/>`,
      ),
    )
    .join('')}
</svg>`;

let made: Promise<ProcessedImage[]> | null = null;
/** The demo photos, drawn and run through the real pipeline once per process. */
export const drawDemoPhotos = () =>
  (made ??= Promise.all(
    SCENES.map(async (s) =>
      processImage(
        await sharp(Buffer.from(svg(s)))
          .jpeg({ quality: 85 })
          .toBuffer(),
      ),
    ),
  ));

/**
 * Photos drawn by another process of the same code (the API test run draws them once for all its
 * files, tests/support/demo-photos.ts): this process seeds with them instead of drawing its own.
 */
export function setDemoPhotos(photos: ProcessedImage[]) {
  made = Promise.resolve(photos);
}

/**
 * Photos for every property whose plan has its images done (and property 1 always): five property
 * photos with alt text and one photo of each room type, sharing the scenes' files (they are stored
 * by content, once). Without a store (a bare seed) the rows are made and the files are not written.
 */
export async function seedImages(tx: Queryable, store?: MediaStore) {
  const images = await drawDemoPhotos();
  const hashes: { original: string; variants: string[] }[] = [];
  for (const img of images) {
    const files = [img.original, ...img.variants].map((f) => f.bytes);
    const staged = store ? await stageAll(store, files) : null;
    if (staged) await staged.commit();
    const all = staged?.hashes ?? files.map((b) => createHash('sha256').update(b).digest('hex'));
    hashes.push({ original: all[0], variants: all.slice(1) });
  }
  const properties = await tx.query<{ id: number }>(
    `select id from properties where id = 1 or 'images' = any(completed_sections) order by id`,
  );
  const row = (propertyId: number, section: StoredSection, i: number, position: number, alt: boolean) => {
    const img = images[i];
    const s = SCENES[i];
    return insertImage(tx, {
      property_id: propertyId,
      section,
      original_hash: hashes[i].original,
      content_type: img.original.type,
      width: img.original.width,
      height: img.original.height,
      bytes: img.original.bytes.byteLength,
      placeholder: img.placeholder,
      variants: img.variants.map((v, k) => ({
        hash: hashes[i].variants[k],
        format: v.format,
        width: v.width,
        height: v.height,
        bytes: v.bytes.byteLength,
      })),
      file_name: `${s.caption.toLowerCase().replace(/\W+/g, '-')}.jpg`,
      caption: s.caption,
      alt_text: alt ? s.alt : '',
      tags: s.tags,
      position,
      is_main: position === 1,
    });
  };
  for (const { id } of properties) {
    for (let i = 0; i < 5; i++) await row(id, 'property', i, i + 1, true);
    const rooms = await tx.query<{ id: string }>(
      'select id::text as id from room_types where property_id = $1 order by id',
      [id],
    );
    for (const [k, room] of rooms.entries()) {
      const imageId = await row(id, 'room-types', 5, k + 1, true);
      await tx.query('insert into image_room_types (image_id, room_type_id, property_id) values ($1, $2, $3)', [
        imageId,
        room.id,
        id,
      ]);
    }
  }
}
