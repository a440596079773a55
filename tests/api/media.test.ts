import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { anonymous, asUser } from '../support/as-user';
import type { AuthClient } from '../support/auth-client';
import { createProperty, createRoomType, createUser } from '../factories';
import { IMAGE_DOCS } from '../../resources/media/image.documents';
import { IMAGE_MESSAGES, MAX_IMAGES_PER_PROPERTY } from '../../resources/media/image-rules';
import { addImageRows } from '../support/publishable-data';

let app: TestApp;
const MAX_BYTES = 3_000_000;
beforeAll(async () => {
  app = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX_BYTES) } });
});
afterAll(() => app.close());

const mediaDir = () => path.join(app.config.DATA_DIR, 'media');
/** Every stored file (staging included): a refused upload must leave this as it was. */
const storedFiles = () =>
  existsSync(mediaDir())
    ? readdirSync(mediaDir(), { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
        .sort()
    : [];
const countImages = async (propertyId: number) =>
  (await app.db.query<{ n: number }>('select count(*)::int as n from images where property_id = $1', [propertyId]))[0]
    .n;

/** A photo of the given size with EXIF and GPS tags, as a phone writes them. */
const photo = (width = 1600, height = 1067, colour = '#3a7bd5') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 0/1' } })
    .toBuffer();

/** One multipart upload as the portal sends it (the correlation id doubles as the CSRF header unless left out). */
async function upload(
  client: AuthClient | null,
  input: Record<string, unknown>,
  bytes: Uint8Array,
  name = 'photo.jpg',
  csrf = true,
) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: IMAGE_DOCS.upload, variables: { input, file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(bytes)]), name);
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') : '';
  const res = await app.postGraphql({
    headers: { ...(csrf ? { 'x-correlation-id': 'media-test' } : {}), ...(cookie ? { cookie } : {}) },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: any }[] },
  };
}

/** A PNG whose header claims width × height, with a tiny body: decoding it would be a bomb. */
async function bombPng(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('the media library (issue 27)', () => {
  let propertyId: number;
  let editor: AuthClient;
  beforeAll(async () => {
    propertyId = (await createProperty(app, { status: 'ONBOARDING' })).id;
    await createRoomType(app, propertyId);
    const user = await createUser(app, { role: 'property_editor', propertyId });
    editor = await asUser(app, user.email);
  });

  it('keeps an upload as a rotated, metadata-free original and WebP and JPEG sizes, served by hash', async () => {
    const res = await upload(editor, { propertyId, section: 'property' }, await photo(), 'harbour.jpg');
    expect(res.body.errors).toBeUndefined();
    const image = res.body.data.uploadImage;
    expect(image).toMatchObject({
      width: 1600,
      height: 1067,
      fileName: 'harbour.jpg',
      isMain: true,
      section: 'property',
    });
    expect(image.sources.map((s: any) => `${s.format}${s.width}`)).toEqual([
      'webp320',
      'jpeg320',
      'webp1024',
      'jpeg1024',
    ]);
    expect(image.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    for (const url of [image.url, ...image.sources.map((s: any) => s.url)]) {
      const served = await fetch(`${app.httpBase}${url}`, { headers: { cookie: cookieOf(editor) } });
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined(); // no camera, no GPS
      expect(served.headers.get('content-type')).toBe(`image/${meta.format}`);
    }
    const [audit] = await app.db.query<{ action: string }>(
      "select action from audit_log where property_id = $1 and subject_type = 'Image' order by id desc limit 1",
      [propertyId],
    );
    expect(audit.action).toBe('image.create');
    // No path tricks, and no file that no image names.
    for (const bad of ['/media/..%2f..%2fpackage.json', '/media/%2e%2e%2fpackage.json', `/media/${'0'.repeat(64)}`])
      expect((await fetch(`${app.httpBase}${bad}`)).status).toBe(404);
  });

  const BAD: [string, () => Promise<Uint8Array> | Uint8Array, string, string][] = [
    ['a text file named .jpg', () => Buffer.from('hello, not a photo'), 'fake.jpg', IMAGE_MESSAGES.notImage],
    ['a truncated JPEG', async () => (await photo()).subarray(0, 4000), 'cut.jpg', IMAGE_MESSAGES.notImage],
    ['a zero-byte file', () => new Uint8Array(0), 'empty.jpg', IMAGE_MESSAGES.empty],
    ['a 20,000 × 20,000 PNG', () => bombPng(20_000, 20_000), 'bomb.png', IMAGE_MESSAGES.tooManyPixels],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><rect width="2000" height="2000"/></svg>',
        ),
      'vector.svg',
      IMAGE_MESSAGES.svg,
    ],
    ['a photo under the minimum size', () => photo(800, 600), 'small.jpg', IMAGE_MESSAGES.tooSmall],
  ];
  for (const [what, bytes, name, message] of BAD) {
    it(`refuses ${what} with a clear message and stores nothing`, async () => {
      const files = storedFiles();
      const before = await countImages(propertyId);
      const res = await upload(editor, { propertyId, section: 'property' }, await bytes(), name);
      expect(res.body.errors?.[0].extensions.fields).toEqual({ file: [message] });
      expect(await countImages(propertyId)).toBe(before);
      expect(storedFiles()).toEqual(files);
    });
  }

  it('refuses a file over the size limit and a multipart request without the CSRF header, storing nothing', async () => {
    const files = storedFiles();
    const before = await countImages(propertyId);
    const big = Buffer.alloc(MAX_BYTES + 10, 1);
    const res = await upload(editor, { propertyId, section: 'property' }, big, 'huge.jpg');
    expect(res.body.errors?.[0]).toBeDefined();
    const noCsrf = await upload(editor, { propertyId, section: 'property' }, await photo(), 'photo.jpg', false);
    expect(noCsrf.status).toBe(403);
    expect(await countImages(propertyId)).toBe(before);
    expect(storedFiles()).toEqual(files);
  });

  it('turns a photo the way its camera says (EXIF orientation) and refuses the 201st photo', async () => {
    const sideways = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(editor, { propertyId, section: 'property' }, sideways, 'portrait.jpg');
    expect(res.body.data.uploadImage).toMatchObject({ width: 1067, height: 1600 });
    const full = (await createProperty(app, { status: 'ONBOARDING' })).id;
    await addImageRows(app.db, full, MAX_IMAGES_PER_PROPERTY);
    const admin = await asUser(app, (await createUser(app, { role: 'property_admin', propertyId: full })).email);
    const files = storedFiles();
    const refused = await upload(admin, { propertyId: full, section: 'property' }, await photo());
    expect(refused.body.errors?.[0]).toMatchObject({
      message: IMAGE_MESSAGES.tooMany,
      extensions: { code: 'REFUSED' },
    });
    expect(await countImages(full)).toBe(MAX_IMAGES_PER_PROPERTY);
    expect(storedFiles()).toEqual(files); // the staged files went with the refusal
  });

  it('orders a section, sets its main photo, and deletes a photo with its files', async () => {
    const ids: string[] = [];
    for (const colour of ['#aa0000', '#00aa00']) {
      const res = await upload(editor, { propertyId, section: 'property' }, await photo(1200, 900, colour));
      ids.push(res.body.data.uploadImage.id);
    }
    const library = async () =>
      (await editor.gql(IMAGE_DOCS.library, { propertyId, section: 'property' })).body.data!.imageLibrary;
    const all = (await library()).nodes.map((n: any) => n.id);
    const reversed = [...all].reverse();
    const done = await editor.gql(IMAGE_DOCS.reorder, { input: { propertyId, section: 'property', ids: reversed } });
    expect(done.body.data?.reorderImages.message).toBe(IMAGE_MESSAGES.orderSaved);
    // The main photo leads; the rest follow the order saved.
    const main = (await library()).nodes[0];
    expect((await library()).nodes.slice(1).map((n: any) => n.id)).toEqual(reversed.filter((id) => id !== main.id));
    await editor.gql(IMAGE_DOCS.setMain, { propertyId, id: ids[1] });
    expect((await library()).nodes[0]).toMatchObject({ id: ids[1], isMain: true });
    const partial = await editor.gql(IMAGE_DOCS.reorder, { input: { propertyId, section: 'property', ids: ids } });
    expect(partial.body.errors?.[0].extensions?.code).toBe('REFUSED');

    const gone = (await library()).nodes.find((n: any) => n.id === ids[0]);
    const removed = await editor.gql(IMAGE_DOCS.remove, { propertyId, id: ids[0] });
    expect(removed.body.data?.deleteImage.message).toBe(IMAGE_MESSAGES.deleted);
    for (const url of [gone.url, ...gone.sources.map((s: any) => s.url)]) {
      expect(existsSync(path.join(mediaDir(), url.slice(7, 9), url.slice(7)))).toBe(false);
      expect((await fetch(`${app.httpBase}${url}`, { headers: { cookie: cookieOf(editor) } })).status).toBe(404);
    }
  });

  it('counts towards publishing: 5 photos with alt text and every room type shown', async () => {
    const id = (await createProperty(app, { status: 'ONBOARDING' })).id;
    const room = await createRoomType(app, id);
    const admin = await asUser(app, (await createUser(app, { role: 'property_admin', propertyId: id })).email);
    const flag = async () =>
      (await admin.gql('query ($id: Int!) { viewer { property(id: $id) { publishable { images } } } }', { id })).body
        .data!.viewer.property.publishable.images;
    const made: any[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        (await upload(admin, { propertyId: id, section: 'property' }, await photo(1100, 800, `#1${i}3456`))).body.data
          .uploadImage,
      );
    expect(await flag()).toBe(false);
    for (const img of made) {
      const res = await admin.gql(IMAGE_DOCS.update, {
        input: {
          propertyId: id,
          id: img.id,
          version: img.version,
          caption: 'Pool',
          altText: 'A pool at dusk',
          tags: ['Pool'],
        },
      });
      expect(res.body.errors).toBeUndefined();
    }
    expect(await flag()).toBe(false); // the room type has no photo yet
    const noRoom = await upload(admin, { propertyId: id, section: 'room-types' }, await photo());
    expect(noRoom.body.errors?.[0].extensions.fields).toEqual({ roomTypeIds: [IMAGE_MESSAGES.roomTypeNeeded] });
    const roomPhoto = await upload(
      admin,
      { propertyId: id, section: 'room-types', roomTypeIds: [room] },
      await photo(),
    );
    expect(roomPhoto.body.data.uploadImage.roomTypeIds).toEqual([room]);
    expect(await flag()).toBe(true);
    // An edit made against an older version is refused with what is stored now.
    const stale = await admin.gql(IMAGE_DOCS.update, {
      input: { propertyId: id, id: made[0].id, version: made[0].version, altText: 'Older words' },
    });
    expect(stale.body.errors?.[0].extensions?.code).toBe('STALE');
  });

  it("lets viewers look but not change; another tenant's photos answer like missing ones", async () => {
    const viewer = await asUser(app, (await createUser(app, { role: 'property_viewer', propertyId })).email);
    expect(
      (await viewer.gql(IMAGE_DOCS.library, { propertyId, section: 'all' })).body.data?.imageLibrary.total,
    ).toBeGreaterThan(0);
    const refused = await upload(viewer, { propertyId, section: 'property' }, await photo());
    expect(refused.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const other = await createProperty(app, { status: 'ONBOARDING' });
    const stranger = await asUser(app, (await createUser(app, { role: 'property_admin', propertyId: other.id })).email);
    const mine = (await editor.gql(IMAGE_DOCS.library, { propertyId, section: 'property' })).body.data!.imageLibrary
      .nodes[0];
    expect(
      (await stranger.gql(IMAGE_DOCS.remove, { propertyId: other.id, id: mine.id })).body.errors?.[0].extensions?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await stranger.gql(IMAGE_DOCS.library, { propertyId, section: 'all' })).body.errors?.[0].extensions?.code,
    ).toBe('NOT_FOUND');
    // Not published: not served to another tenant or to nobody; a published property's photos are public.
    expect((await fetch(`${app.httpBase}${mine.url}`, { headers: { cookie: cookieOf(stranger) } })).status).toBe(404);
    expect((await fetch(`${app.httpBase}${mine.url}`)).status).toBe(404);
    const published = (await anonymous(app).gql('{ ping }')).status;
    expect(published).toBe(200);
    const [seeded] = await app.db.query<{ original_hash: string }>(
      `select original_hash from images i join properties p on p.id = i.property_id where p.status = 'PUBLISHED' limit 1`,
    );
    expect((await fetch(`${app.httpBase}/media/${seeded.original_hash}`)).status).toBe(200);
  });
});

const cookieOf = (client: AuthClient) => [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
