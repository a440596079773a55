import { keepStaffOnly } from '../save/staff-only';
import { z } from 'zod';
import type { AppContext } from '../context';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { fieldErrors, invalid, versionedSave } from '../save/versioned-save';
import {
  DETAILS_CONFLICT,
  DETAILS_SECTIONS,
  SECTION_KEYS,
  type SectionKey,
} from '../../resources/properties/details.resource';
import { loadProperty, publishableOf } from './property-repo';
import { withoutHidden } from '../../resources/field-builders';

const envelope = z.object({
  propertyId: z.number().int().min(1),
  section: z.enum(SECTION_KEYS as [SectionKey, ...SectionKey[]], { message: 'Unknown section' }),
  version: z.number().int().min(0).nullable().optional(),
  values: z.record(z.string(), z.unknown()),
});

export type DetailsRow = { sections: Record<string, Record<string, unknown>>; version: number };

export async function loadDetails(ctx: AppContext, propertyId: number): Promise<DetailsRow> {
  const [row] = await ctx.db.query<DetailsRow>(
    'select sections, version from property_details where property_id = $1',
    [propertyId],
  );
  return row ?? { sections: {}, version: 0 };
}

/**
 * Saves one details section with its own schema (unknown fields dropped), through the one versioned
 * save; the details record's version covers every section. A complete section counts towards publishing.
 */
export async function savePropertyDetails(ctx: AppContext, raw: unknown) {
  const outer = envelope.safeParse(raw);
  if (!outer.success) throw userError(outer.error.issues[0].message, 'BAD_USER_INPUT');
  const { propertyId, section, version, values } = outer.data;
  const def = DETAILS_SECTIONS[section];
  let sections: DetailsRow['sections'] = {};
  const { record, auth: facts } = await versionedSave(ctx, {
    validate: () => {
      const parsed = def.schema.safeParse(def.derive ? def.derive(values) : values);
      if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
      // A field its choice hides (a pet fee for no pets) is not kept, as the form drops it.
      return withoutHidden(def.fields, parsed.data as Record<string, unknown>);
    },
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'Property'),
    // A commission is the brand's to set: others keep the stored value (or are told why not).
    check: async (v, f) =>
      v &&
      keepStaffOnly(
        def.fields,
        v,
        (await loadDetails(ctx, f.propertyId)).sections[section],
        Boolean(ctx.viewer?.isStaff),
      ),
    version,
    conflictMessage: DETAILS_CONFLICT,
    lock: async (tx, f) => {
      // One record per property, made on its first save.
      await tx.query(
        'insert into property_details (property_id, version) values ($1, 0) on conflict (property_id) do nothing',
        [f.propertyId],
      );
      const [current] = await tx.query<DetailsRow>(
        'select sections, version from property_details where property_id = $1 for update',
        [f.propertyId],
      );
      sections = current.sections;
      return { id: f.propertyId, version: current.version, values: current.sections[section] ?? null };
    },
    update: async (tx, current, v, f) => {
      const [next] = await tx.query<DetailsRow>(
        `update property_details set sections = jsonb_set(sections, $2, $3::jsonb), version = version + 1, updated_at = now()
         where property_id = $1 returning sections, version`,
        [f.propertyId, `{${section}}`, JSON.stringify(v)],
      );
      sections = next.sections;
      return { id: current.id, version: next.version, values: v };
    },
    audit: (_kind, f) => ({
      action: `property.details.${section}`,
      subjectType: 'Property',
      propertyId: f.propertyId,
      label: `Details: ${def.title}`,
    }),
  });
  const property = (await loadProperty(ctx.db, facts.propertyId))!;
  return { sections, version: record.version, publishable: publishableOf(property) };
}
