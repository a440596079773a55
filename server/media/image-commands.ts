import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { idArg } from '../input-args';
import { authorizeProperty, notFound } from '../auth/authorize';
import { runCommand } from '../commands/run-command';
import { refused, stale } from '../commands/refusals';
import { fieldErrors, invalid } from '../save/versioned-save';
import { mediaStoreFor, stageAll } from './media-store';
import { isUpload } from '../resources/resource-uploads';
import { ImageRefused, processImage } from './image-pipeline';
import { filesOf, insertImage, loadImage, presentImage, unreferenced, type ImageRow } from './image-repo';
import { IMAGE_MESSAGES, MAX_IMAGES_PER_PROPERTY } from '../../resources/media/image-rules';
import { reorderImagesInput, updateImageInput, uploadImageInput } from '../../resources/media/image.forms';

const fileError = (message: string) => invalid({ file: [message] });
const label = (r: Pick<ImageRow, 'file_name' | 'caption'>) => `Image: ${r.caption || r.file_name || 'photo'}`;

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues, 'input'));
  return parsed.data;
}

/** Room type ids that are this property's; any other id (another property's too) is refused by name. */
async function checkRoomTypes(tx: Queryable, propertyId: number, ids: string[]) {
  if (!ids.length) return;
  const found = await tx.query<{ id: string }>(
    'select id::text as id from room_types where property_id = $1 and id = any($2::bigint[])',
    [propertyId, ids],
  );
  if (found.length !== new Set(ids).size) throw invalid({ roomTypeIds: ['Choose room types of this property'] });
}

async function linkRoomTypes(tx: Queryable, propertyId: number, imageId: string, ids: string[]) {
  await tx.query('delete from image_room_types where image_id = $1', [imageId]);
  if (ids.length)
    await tx.query(
      `insert into image_room_types (image_id, room_type_id, property_id)
       select $1, r, $2 from unnest($3::bigint[]) r on conflict do nothing`,
      [imageId, propertyId, [...new Set(ids)]],
    );
}

/**
 * One photo from one multipart request: checked (size, then decoded by the pipeline), its files
 * staged, the row written by the command path, and the files committed only after the row is.
 */
export async function uploadImage(ctx: AppContext, args: { input: unknown; file: unknown }) {
  const input = parse(uploadImageInput, args.input);
  const facts = await authorizeProperty(ctx, input.propertyId, 'create', 'Image');
  if (input.section === 'room-types' && !input.roomTypeIds.length)
    throw invalid({ roomTypeIds: [IMAGE_MESSAGES.roomTypeNeeded] });
  if (!isUpload(args.file)) throw fileError(IMAGE_MESSAGES.notImage);
  const file = args.file;
  if (file.size > ctx.config.MAX_UPLOAD_BYTES)
    throw fileError(IMAGE_MESSAGES.tooBig(Math.round(ctx.config.MAX_UPLOAD_BYTES / 1048576)));
  let processed: Awaited<ReturnType<typeof processImage>>;
  try {
    processed = await processImage(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageRefused) throw fileError(error.message);
    throw error;
  }
  const files = [processed.original, ...processed.variants];
  const staged = await stageAll(
    mediaStoreFor(ctx.config.DATA_DIR),
    files.map((f) => f.bytes),
  );
  const [originalHash, ...variantHashes] = staged.hashes;
  const roomTypeIds = input.section === 'room-types' ? input.roomTypeIds : [];
  try {
    const row = await runCommand(ctx, {
      authorize: () => facts,
      lock: async (tx) => {
        await tx.query('select 1 from properties where id = $1 for update', [facts.propertyId]);
        const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from images where property_id = $1', [
          facts.propertyId,
        ]);
        return n;
      },
      check: async (count, _f, tx) => {
        if (count >= MAX_IMAGES_PER_PROPERTY) throw refused(IMAGE_MESSAGES.tooMany);
        await checkRoomTypes(tx, facts.propertyId, roomTypeIds);
      },
      write: async (tx) => {
        const id = await insertImage(tx, {
          property_id: facts.propertyId,
          section: input.section,
          original_hash: originalHash,
          content_type: processed.original.type,
          width: processed.original.width,
          height: processed.original.height,
          bytes: processed.original.bytes.byteLength,
          placeholder: processed.placeholder,
          variants: processed.variants.map((v, i) => ({
            hash: variantHashes[i],
            format: v.format,
            width: v.width,
            height: v.height,
            bytes: v.bytes.byteLength,
          })),
          file_name: file.name.slice(0, 200),
        });
        await linkRoomTypes(tx, facts.propertyId, id, roomTypeIds);
        return (await loadImage(tx, id))!;
      },
      history: (r) => ({
        action: 'image.create',
        subjectType: 'Image',
        subjectId: r.id,
        propertyId: r.property_id,
        label: label(r),
        before: null,
        after: {
          section: r.section,
          fileName: r.file_name,
          width: r.width,
          height: r.height,
          roomTypeIds: r.room_type_ids,
        },
      }),
    });
    await staged.commit();
    return presentImage(row);
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** An image of a property the caller may act on; another property's id answers like a missing one. */
async function authorizeImage(
  ctx: AppContext,
  propertyId: unknown,
  imageId: unknown,
  action: 'read' | 'update' | 'delete',
) {
  const id = idArg('id', imageId);
  const facts = await authorizeProperty(ctx, propertyId, action, 'Image');
  const row = await loadImage(ctx.db, id);
  if (!row || row.property_id !== facts.propertyId) throw notFound('Image');
  return { id, facts };
}

const lockImage = async (tx: Queryable, id: string) => {
  const row = await loadImage(tx, id, true);
  if (!row) throw notFound('Image');
  return row;
};

/** Caption, alt text, tags and room types, against the version the editor read. */
export async function updateImage(ctx: AppContext, raw: unknown) {
  const input = parse(updateImageInput, raw);
  const { id, facts } = await authorizeImage(ctx, input.propertyId, input.id, 'update');
  const row = await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx) => lockImage(tx, id),
    check: async (current, _f, tx) => {
      if (current.version !== input.version)
        throw stale(
          'Someone else changed this photo while you were editing it. Review their changes, then save again.',
          {
            values: presentImage(current),
            version: current.version,
          },
        );
      if (current.section === 'room-types') {
        if (!input.roomTypeIds.length) throw invalid({ roomTypeIds: [IMAGE_MESSAGES.roomTypeNeeded] });
        await checkRoomTypes(tx, facts.propertyId, input.roomTypeIds);
      }
    },
    write: async (tx, current) => {
      await tx.query('update images set caption = $2, alt_text = $3, tags = $4, version = version + 1 where id = $1', [
        id,
        input.caption,
        input.altText,
        [...new Set(input.tags)],
      ]);
      if (current.section === 'room-types') await linkRoomTypes(tx, facts.propertyId, id, input.roomTypeIds);
      return (await loadImage(tx, id))!;
    },
    history: (after, before) => {
      const pick = (r: ImageRow) => ({
        caption: r.caption,
        altText: r.alt_text,
        tags: r.tags,
        roomTypeIds: r.room_type_ids,
      });
      return JSON.stringify(pick(after)) === JSON.stringify(pick(before))
        ? null
        : {
            action: 'image.update',
            subjectType: 'Image',
            subjectId: id,
            propertyId: facts.propertyId,
            label: label(after),
            before: pick(before),
            after: pick(after),
          };
    },
  });
  return presentImage(row);
}

/** A section's photos in the order given: every one of them, each once. */
export async function reorderImages(ctx: AppContext, raw: unknown) {
  const input = parse(reorderImagesInput, raw);
  const facts = await authorizeProperty(ctx, input.propertyId, 'update', 'Image');
  await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx) =>
      tx.query<{ id: string }>(
        'select id::text as id from images where property_id = $1 and section = $2 order by is_main desc, position, id for update',
        [facts.propertyId, input.section],
      ),
    check: (rows) => {
      const stored = rows.map((r) => r.id);
      if (
        stored.length !== input.ids.length ||
        new Set(input.ids).size !== input.ids.length ||
        !input.ids.every((i) => stored.includes(i))
      )
        throw refused('The photos changed while you were ordering them. Reload the page and try again.');
    },
    write: (tx) =>
      tx.query(
        'update images set position = o.n from unnest($2::bigint[]) with ordinality as o(id, n) where images.id = o.id and images.property_id = $1',
        [facts.propertyId, input.ids],
      ),
    history: (_r, rows) =>
      rows.map((r) => r.id).join() === input.ids.join()
        ? null
        : {
            action: 'image.reorder',
            subjectType: 'Image',
            propertyId: facts.propertyId,
            label: `Images: ${input.section === 'property' ? 'property' : 'room type'} photos' order`,
            changes: [{ field: 'order', before: rows.map((r) => r.id), after: input.ids }],
          },
  });
  return { message: IMAGE_MESSAGES.orderSaved };
}

/** The photo a section leads with (the listing's cover for property photos). */
export async function setMainImage(ctx: AppContext, args: { propertyId: unknown; id: unknown }) {
  const { id, facts } = await authorizeImage(ctx, args.propertyId, args.id, 'update');
  const row = await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx) => lockImage(tx, id),
    write: async (tx, current) => {
      await tx.query(
        'update images set is_main = false where property_id = $1 and section = $2 and is_main and id <> $3',
        [facts.propertyId, current.section, id],
      );
      await tx.query('update images set is_main = true where id = $1', [id]);
      return current;
    },
    history: (current) =>
      current.is_main
        ? null
        : {
            action: 'image.main',
            subjectType: 'Image',
            subjectId: id,
            propertyId: facts.propertyId,
            label: label(current),
            before: { isMain: false },
            after: { isMain: true },
          },
  });
  return presentImage({ ...row, is_main: true });
}

/** Deletes a photo; its files go too once no other image names them (files are shared by content). */
export async function deleteImage(ctx: AppContext, args: { propertyId: unknown; id: unknown }) {
  const { id, facts } = await authorizeImage(ctx, args.propertyId, args.id, 'delete');
  const gone = await runCommand(ctx, {
    authorize: () => facts,
    lock: (tx) => lockImage(tx, id),
    write: async (tx, current) => {
      await tx.query('delete from images where id = $1', [id]);
      // The section keeps a main photo while it has any.
      if (current.is_main)
        await tx.query(
          `update images set is_main = true where id = (select id from images where property_id = $1 and section = $2 order by position, id limit 1)`,
          [facts.propertyId, current.section],
        );
      return unreferenced(tx, filesOf(current));
    },
    history: (_files, current) => ({
      action: 'image.delete',
      subjectType: 'Image',
      subjectId: id,
      propertyId: facts.propertyId,
      label: label(current),
      before: {
        section: current.section,
        fileName: current.file_name,
        caption: current.caption,
        altText: current.alt_text,
      },
      after: null,
    }),
  });
  const store = mediaStoreFor(ctx.config.DATA_DIR);
  await Promise.all(gone.map((hash) => store.delete(hash)));
  return { message: IMAGE_MESSAGES.deleted };
}
