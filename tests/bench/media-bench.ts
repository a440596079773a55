import sharp from 'sharp';
import { openDb } from '../../server/db/client';
import { insertImage, listImages } from '../../server/media/image-repo';
import { IMAGE_DOCS } from '../../resources/media/image.documents';
import type { Running } from './processes';
import { percentiles, type Samples } from './reservations-bench';

/**
 * Issue 27's rows: a 12-megapixel JPEG uploaded through the API (multipart, decoded, rotated,
 * stripped and resized into six files, stored, one row and its history), and the library of a
 * property holding 200 photos read one at a time.
 */
export const BENCH_IMAGES = 200;
const UPLOADS = 6;
const READS = 50;
export type MediaBench = { upload: Samples & { max: number }; library: Samples; inputMb: number; images: number };

/** A 4000 × 3000 photo with detail everywhere (noise compresses badly, as a real photo does), with EXIF. */
async function twelveMegapixels(): Promise<Buffer> {
  const [w, h] = [4000, 3000];
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 9) * 31) % 251;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'BenchCam' } })
    .toBuffer();
}

/** With the server stopped: property 1 given 200 photos (rows naming the demo's files). */
async function prepareLibrary(env: Record<string, string>) {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    const demo = await listImages(db, 1, 'all');
    for (let g = 1; g <= BENCH_IMAGES - demo.length; g++)
      await insertImage(db, {
        ...demo[0],
        section: 'property',
        file_name: `bench-${g}.jpg`,
        caption: `Bench photo ${g}`,
        alt_text: 'A bench photo',
        tags: ['View'],
        position: 100 + g,
        is_main: false,
      });
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from images where property_id = 1');
    if (n !== BENCH_IMAGES) throw new Error(`media bench: ${n} photos, not ${BENCH_IMAGES}`);
    await db.query('analyze images');
  } finally {
    await db.close();
  }
}

async function uploadOnce(base: string, cookie: string, bytes: Buffer, n: number) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: IMAGE_DOCS.upload,
      variables: { input: { propertyId: 2, section: 'property' }, file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `bench-${n}.jpg`);
  const t = performance.now();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { cookie, 'x-correlation-id': 'bench-media' },
    body: form,
  });
  const body = await res.json();
  const elapsed = performance.now() - t;
  const image = body.data?.uploadImage;
  if (image?.width !== 4000 || image.sources.length !== 6)
    throw new Error(`media bench upload: ${JSON.stringify(body).slice(0, 300)}`);
  return elapsed;
}

async function libraryLatency(base: string, cookie: string): Promise<Samples> {
  const times: number[] = [];
  for (let i = 0; i <= READS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': 'bench-media' },
      body: JSON.stringify({ query: IMAGE_DOCS.library, variables: { propertyId: 1, section: 'all' } }),
    });
    const body = await res.json();
    const elapsed = performance.now() - t;
    if (!res.ok || body.errors || body.data.imageLibrary.nodes.length < BENCH_IMAGES)
      throw new Error(`media bench library: ${JSON.stringify(body).slice(0, 300)}`);
    if (i > 0) times.push(elapsed);
  }
  return percentiles(times);
}

export async function mediaBench(
  env: Record<string, string>,
  deps: { base: string; startOurs: () => Promise<Running>; signIn: () => Promise<string>; log: (s: string) => void },
): Promise<MediaBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  await prepareLibrary(env);
  const photo = await twelveMegapixels();
  const ours = await deps.startOurs();
  try {
    const staff = await deps.signIn();
    deps.log(`media: ${UPLOADS} uploads of a 12-megapixel JPEG (${(photo.byteLength / 1048576).toFixed(1)} MB)`);
    const times: number[] = [];
    for (let n = 0; n <= UPLOADS; n++) {
      const elapsed = await uploadOnce(deps.base, staff, photo, n);
      if (n > 0) times.push(elapsed);
    }
    deps.log(`media: the library of ${BENCH_IMAGES} photos, one read at a time`);
    return {
      upload: { ...percentiles(times), max: Math.round(Math.max(...times)) },
      library: await libraryLatency(deps.base, staff),
      inputMb: Math.round((photo.byteLength / 1048576) * 10) / 10,
      images: BENCH_IMAGES,
    };
  } finally {
    await ours.stop();
  }
}
