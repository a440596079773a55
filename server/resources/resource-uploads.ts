import { createHash } from 'node:crypto';
import type { FieldErrors } from '../errors';
import { stageAll, type MediaStore } from '../media/media-store';
import type { ResourceDef } from '../../resources/define-resource';
import { fileProblem } from '../../resources/field-builders';

/** A file of a multipart request, as GraphQL Yoga hands it over (a web File). */
export type Upload = { name: string; type: string; size: number; arrayBuffer(): Promise<ArrayBuffer> };
export const isUpload = (v: unknown): v is Upload =>
  typeof v === 'object' && v !== null && typeof (v as Upload).arrayBuffer === 'function';

/**
 * The file fields of a save: each upload is checked against its field (type and size) and replaced
 * by what the record keeps ({ hash, name, type, size }), so the schema validates that; the bytes are
 * kept aside until `store` runs, after the caller is authorized. A file field left out keeps the stored file.
 */
export async function readUploads(def: ResourceDef, values: Record<string, unknown>, stored?: Record<string, unknown>) {
  const errors: FieldErrors = {};
  const pending = new Map<string, Uint8Array>();
  const out = { ...values };
  for (const field of def.fields.filter((f) => f.type === 'file')) {
    const value = values[field.name];
    if (value === undefined) {
      out[field.name] = stored?.[field.name] ?? null;
      continue;
    }
    if (!isUpload(value)) continue; // null removes the file; anything else the schema refuses
    const problem = fileProblem(field, value);
    if (problem) {
      errors[field.name] = [problem];
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    const hash = createHash('sha256').update(bytes).digest('hex');
    pending.set(hash, bytes);
    out[field.name] = { hash, name: value.name.slice(0, 200), type: value.type, size: bytes.byteLength };
  }
  return {
    values: out,
    errors: Object.keys(errors).length ? errors : null,
    /** Stages the bytes in the media store; the caller commits them once the row is saved, or discards them. */
    stage: (media: MediaStore) => stageAll(media, [...pending.values()]),
  };
}
