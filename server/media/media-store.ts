import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded bytes by content hash (DESIGN.md: media): the same file stored twice is stored once.
 * A write that goes with database rows is staged first and committed after the rows commit, or
 * discarded when they do not, so a failed save leaves no file behind. The interface is all a store
 * needs: an S3-compatible one would stage as a multipart upload (or a key under a staging prefix)
 * and commit by completing it (or copying to the hash key), and serve `get` from the bucket.
 */
export type MediaStore = {
  put(bytes: Uint8Array): Promise<string>;
  stage(bytes: Uint8Array): Promise<Staged>;
  get(hash: string): Promise<Uint8Array | null>;
  delete(hash: string): Promise<void>;
};
export type Staged = { hash: string; commit(): Promise<void>; discard(): Promise<void> };

/** Stages several files; commits or discards them together. */
export async function stageAll(store: MediaStore, files: Uint8Array[]) {
  const staged: Staged[] = [];
  try {
    for (const bytes of files) staged.push(await store.stage(bytes));
  } catch (error) {
    await Promise.all(staged.map((s) => s.discard()));
    throw error;
  }
  return {
    hashes: staged.map((s) => s.hash),
    commit: () => Promise.all(staged.map((s) => s.commit())).then(() => undefined),
    discard: () => Promise.all(staged.map((s) => s.discard())).then(() => undefined),
  };
}

const HASH = /^[0-9a-f]{64}$/;

/** Files under `dir` (DATA_DIR/media), two levels of hash prefix so no directory grows huge. */
export function diskMediaStore(dir: string): MediaStore {
  const fileOf = (hash: string) => {
    if (!HASH.test(hash)) throw new Error('not a content hash');
    return path.join(dir, hash.slice(0, 2), hash);
  };
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );
  return {
    async stage(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const file = fileOf(hash);
      const staging = path.join(dir, '.staging');
      await mkdir(staging, { recursive: true });
      const aside = path.join(staging, `${randomUUID()}.tmp`);
      await writeFile(aside, bytes);
      return {
        hash,
        async commit() {
          if (await exists(file)) return void (await rm(aside, { force: true }));
          await mkdir(path.dirname(file), { recursive: true });
          await rename(aside, file);
        },
        discard: () => rm(aside, { force: true }),
      };
    },
    async put(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const file = fileOf(hash);
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(file), { recursive: true });
        // Written aside and renamed, so a crash mid-write never leaves a partial file under the hash.
        const aside = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(aside, bytes);
        await rename(aside, file);
      }
      return hash;
    },
    async get(hash) {
      const bytes = await readFile(fileOf(hash)).catch(() => null);
      if (!bytes || createHash('sha256').update(bytes).digest('hex') !== hash) return null;
      return new Uint8Array(bytes);
    },
    async delete(hash) {
      await rm(fileOf(hash), { force: true });
    },
  };
}

const stores = new Map<string, MediaStore>();
/** The store of a data directory, made once. */
export const mediaStoreFor = (dataDir: string) => {
  let s = stores.get(dataDir);
  if (!s) stores.set(dataDir, (s = diskMediaStore(path.join(dataDir, 'media'))));
  return s;
};
