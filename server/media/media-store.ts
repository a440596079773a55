import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Uploaded bytes by content hash (DESIGN.md: media): the same file stored twice is stored once. */
export type MediaStore = {
  put(bytes: Uint8Array): Promise<string>;
  get(hash: string): Promise<Uint8Array | null>;
  delete(hash: string): Promise<void>;
};

const HASH = /^[0-9a-f]{64}$/;

/** Files under `dir` (DATA_DIR/media), two levels of hash prefix so no directory grows huge. */
export function diskMediaStore(dir: string): MediaStore {
  const fileOf = (hash: string) => {
    if (!HASH.test(hash)) throw new Error('not a content hash');
    return path.join(dir, hash.slice(0, 2), hash);
  };
  return {
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
