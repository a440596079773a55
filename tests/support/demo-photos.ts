import { inject } from 'vitest';
import { drawDemoPhotos, setDemoPhotos } from '../../server/db/seed-images';
import type { ImageFile, ProcessedImage } from '../../server/media/image-pipeline';

/**
 * The demo seed's photos cross from the API run's global setup (which draws them once) to each test
 * file's process (which would otherwise draw them again for its first test app) as text.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    demoPhotos: string;
  }
}

type Wire<F> = Omit<F, 'bytes'> & { bytes: string };
type WirePhoto = { original: Wire<ImageFile>; variants: Wire<ImageFile>[]; placeholder: string };

const toWire = (f: ImageFile): Wire<ImageFile> => ({ ...f, bytes: f.bytes.toString('base64') });
const fromWire = (f: Wire<ImageFile>): ImageFile => ({ ...f, bytes: Buffer.from(f.bytes, 'base64') });

/** Drawn here, as text for `project.provide`. */
export async function demoPhotosAsText(): Promise<string> {
  const photos = await drawDemoPhotos();
  return JSON.stringify(
    photos.map((p): WirePhoto => ({ ...p, original: toWire(p.original), variants: p.variants.map(toWire) })),
  );
}

let taken = false;
/** This process seeds with the run's photos (when the run drew them) instead of drawing its own. */
export function takeRunDemoPhotos() {
  if (taken) return;
  taken = true;
  const text = inject('demoPhotos');
  if (!text) return;
  const photos = (JSON.parse(text) as WirePhoto[]).map(
    (p): ProcessedImage => ({ ...p, original: fromWire(p.original), variants: p.variants.map(fromWire) }),
  );
  setDemoPhotos(photos);
}
