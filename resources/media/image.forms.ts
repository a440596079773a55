import { z } from 'zod';
import { IMAGE_TAGS, MAX_IMAGES_PER_PROPERTY, STORED_SECTIONS, type StoredSection } from './image-rules';

const id = z.string().regex(/^[1-9]\d{0,14}$/, 'Enter an id of up to 15 digits');
const propertyId = z.number().int().min(1, 'Property id must be an integer of at least 1.');
/** A stored section (GraphQL enum values cannot hold a hyphen, so it travels as a string). */
const section = z
  .string()
  .refine(
    (s): s is StoredSection => (STORED_SECTIONS as readonly string[]).includes(s),
    'Section must be property or room-types',
  )
  .transform((s) => s as StoredSection);
const roomTypeIds = z.array(id).max(100, 'Choose at most 100 room types').default([]);

/** One uploaded file's place: the section, and for room type photos the room types it shows. */
export const uploadImageInput = z.object({ propertyId, section, roomTypeIds }).strict();

/** The words on a photo and what it shows. */
export const imageDetailsFields = z.object({
  caption: z.string().trim().max(200, 'Caption must be 200 characters or less').default(''),
  altText: z.string().trim().max(250, 'Alt text must be 250 characters or less').default(''),
  tags: z
    .array(z.enum(IMAGE_TAGS, { message: 'Choose tags from the list' }))
    .max(IMAGE_TAGS.length)
    .default([]),
  roomTypeIds,
});
export const updateImageInput = imageDetailsFields
  .extend({ propertyId, id, version: z.number().int().min(1) })
  .strict();

/** A section's photos in their new order: every one of them, each once. */
export const reorderImagesInput = z
  .object({ propertyId, section, ids: z.array(id).min(1).max(MAX_IMAGES_PER_PROPERTY) })
  .strict();
