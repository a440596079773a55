import sharp from 'sharp';
import {
  IMAGE_MESSAGES,
  IMAGE_TYPES,
  MAX_PIXELS,
  MIN_LONG_SIDE,
  VARIANT_WIDTHS,
} from '../../resources/media/image-rules';

export type ImageFile = {
  bytes: Buffer;
  type: string;
  width: number;
  height: number;
  format: 'jpeg' | 'webp' | 'png' | 'avif';
};
export type ProcessedImage = {
  original: ImageFile;
  variants: ImageFile[];
  placeholder: string;
};

/** A file refused for what it is, with the message the uploader sees. */
export class ImageRefused extends Error {}

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

/**
 * Proves a file is a photo and makes what the library keeps: decoded by libvips (never trusting the
 * name or the declared type), refused past MAX_PIXELS before decoding, auto-rotated, stripped of
 * EXIF and GPS (sharp writes no metadata unless asked), the original re-encoded at full size, and
 * each width of VARIANT_WIDTHS not wider than it as WebP and JPEG, with a placeholder colour.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw new ImageRefused(IMAGE_MESSAGES.empty);
  const head = Buffer.from(bytes.subarray(0, 512)).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')))
    throw new ImageRefused(IMAGE_MESSAGES.svg);
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true });
  let meta: sharp.Metadata;
  try {
    // The header only (no pixels decoded), so a bomb is named as one below; decoding keeps the limit.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(IMAGE_MESSAGES.notImage);
  }
  const format = meta.format as string | undefined;
  if (format === 'svg') throw new ImageRefused(IMAGE_MESSAGES.svg);
  if (format === 'heif' && meta.compression !== 'av1') throw new ImageRefused(IMAGE_MESSAGES.heic);
  if (!format || !(format in IMAGE_TYPES)) throw new ImageRefused(IMAGE_MESSAGES.notImage);
  if (!meta.width || !meta.height) throw new ImageRefused(IMAGE_MESSAGES.notImage);
  if (meta.width * meta.height > MAX_PIXELS) throw new ImageRefused(IMAGE_MESSAGES.tooManyPixels);
  // Orientations 5–8 swap the sides once rotated.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (Math.max(width, height) < MIN_LONG_SIDE) throw new ImageRefused(IMAGE_MESSAGES.tooSmall);

  try {
    // Decoded once; every output is cut from the rotated pixels in memory.
    const { data, info } = await input().rotate().raw().toBuffer({ resolveWithObject: true });
    const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const out = format === 'heif' ? 'avif' : (format as ImageFile['format']);
    const original = await encode(raw(), out, info.width, info.height);
    const variants: ImageFile[] = [];
    for (const w of VARIANT_WIDTHS.filter((w) => w < info.width || w === VARIANT_WIDTHS[0])) {
      const h = Math.round((info.height * Math.min(w, info.width)) / info.width);
      const resized = () => raw().resize({ width: Math.min(w, info.width), withoutEnlargement: true });
      variants.push(await encode(resized(), 'webp', Math.min(w, info.width), h));
      variants.push(await encode(resized(), 'jpeg', Math.min(w, info.width), h));
    }
    // The placeholder colour from a small copy: the same colour, a fraction of the work.
    const small = await raw().resize({ width: 64 }).raw().toBuffer({ resolveWithObject: true });
    const { dominant } = await sharp(small.data, {
      raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
    }).stats();
    return { original, variants, placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    // A file whose header reads but whose pixels do not (a truncated JPEG).
    throw new ImageRefused(IMAGE_MESSAGES.notImage);
  }
}

async function encode(
  img: sharp.Sharp,
  format: ImageFile['format'],
  width: number,
  height: number,
): Promise<ImageFile> {
  const encoded =
    format === 'jpeg'
      ? img.flatten({ background: '#ffffff' }).jpeg({ quality: 82 })
      : format === 'png'
        ? img.png({ compressionLevel: 8 })
        : format === 'avif'
          ? img.avif({ quality: 60 })
          : img.webp({ quality: 80, effort: 3 });
  // The size as written (a resize rounds its other side its own way).
  const { data: bytes, info } = await encoded.toBuffer({ resolveWithObject: true });
  const type = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
  return { bytes, type, width: info.width ?? width, height: info.height ?? height, format };
}
