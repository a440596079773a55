/**
 * The media library's facts (issue 27), written once for the API, the portal and the tests: the
 * sections, the formats taken, the sizes made, the limits and the messages.
 */
export const IMAGE_SECTIONS = {
  property: 'Property photos',
  'room-types': 'Room type photos',
  all: 'All photos',
} as const;
export type ImageSectionKey = keyof typeof IMAGE_SECTIONS;
/** Where an image is stored; `all` only lists both. */
export const STORED_SECTIONS = ['property', 'room-types'] as const;
export type StoredSection = (typeof STORED_SECTIONS)[number];
export const isImageSection = (s: string | undefined): s is ImageSectionKey => Boolean(s) && s! in IMAGE_SECTIONS;

/** Formats taken (decoded to prove it); never SVG. HEIC needs a codec this build of libvips lacks. */
export const IMAGE_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/avif' } as const;
export const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
/** The long side an image needs, so it stays sharp on a listing's large view. */
export const MIN_LONG_SIDE = 1024;
/** Past this many pixels a file is refused before it is decoded (a decompression bomb). */
export const MAX_PIXELS = 50_000_000;
/** Widths made of each image (never wider than the original), as WebP and a JPEG fallback. */
export const VARIANT_WIDTHS = [320, 1024, 2048] as const;
export const MAX_IMAGES_PER_PROPERTY = 200;
/** Publishing needs this many images with alt text, and one for every room type. */
export const MIN_IMAGES_TO_PUBLISH = 5;

export const IMAGE_TAGS = [
  'Exterior',
  'Lobby',
  'Room',
  'Bathroom',
  'Pool',
  'Restaurant',
  'Bar',
  'Spa',
  'Gym',
  'View',
  'Beach',
  'Other',
] as const;

export const IMAGE_MESSAGES = {
  notImage: "This file isn't an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.",
  svg: "SVG files can't be used as photos. Upload a JPEG, PNG, WebP or AVIF photo.",
  heic: "HEIC photos can't be read here yet. Export the photo as JPEG and upload that.",
  empty: 'This file is empty.',
  tooSmall: `This photo is too small: the long side must be at least ${MIN_LONG_SIDE} pixels.`,
  tooManyPixels: `This photo has too many pixels (more than ${MAX_PIXELS / 1_000_000} megapixels).`,
  tooBig: (mb: number) => `This file is larger than ${mb} MB.`,
  tooMany: `A property can have at most ${MAX_IMAGES_PER_PROPERTY} photos. Delete some to add more.`,
  roomTypeNeeded: 'Choose at least one room type for room type photos.',
  altNeeded: 'Add alt text: it describes the photo to people who cannot see it, and publishing needs it.',
  deleted: 'Photo deleted.',
  saved: 'Photo saved.',
  orderSaved: 'Order saved.',
  mainSet: 'Main photo set.',
} as const;

/** What the property home's step says while the images step is not done. */
export const imagesStepMissing = (withAlt: number, roomTypesWithout: number) =>
  [
    withAlt < MIN_IMAGES_TO_PUBLISH ? `${MIN_IMAGES_TO_PUBLISH - withAlt} more photos with alt text` : null,
    roomTypesWithout > 0 ? `photos for ${roomTypesWithout} room type${roomTypesWithout === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
