import { z } from 'zod';
import type { AppContext } from '../context';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { writeAudit } from '../audit/write-audit';
import { FORM_MESSAGES } from '../../resources/messages';
import { DETAILS_CONFLICT, DETAILS_SECTIONS, SECTION_KEYS, type SectionKey } from '../../resources/properties/details.resource';
import { loadProperty, publishableOf } from './property-repo';

const envelope = z.object({
  propertyId: z.number().int().min(1),
  section: z.enum(SECTION_KEYS as [SectionKey, ...SectionKey[]], { message: 'Unknown section' }),
  version: z.number().int().min(0).nullable().optional(),
  values: z.record(z.string(), z.unknown()),
});

export type DetailsRow = { sections: Record<string, Record<string, unknown>>; version: number };

export async function loadDetails(ctx: AppContext, propertyId: number): Promise<DetailsRow> {
  const [row] = await ctx.db.query<DetailsRow>('select sections, version from property_details where property_id = $1', [propertyId]);
  return row ?? { sections: {}, version: 0 };
}

/**
 * Saves one details section with its own schema (unknown fields dropped). A save against an older
 * version is refused with what is stored now; a complete section counts towards publishing.
 */
export async function savePropertyDetails(ctx: AppContext, raw: unknown) {
  const outer = envelope.safeParse(raw);
  if (!outer.success) throw userError(outer.error.issues[0].message, 'BAD_USER_INPUT');
  const { propertyId, section, version, values } = outer.data;
  const def = DETAILS_SECTIONS[section];
  const parsed = def.schema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', fields);
  }
  const facts = await authorizeProperty(ctx, propertyId, 'update', 'Property');
  return ctx.db.transaction(async (tx) => {
    await tx.query('insert into property_details (property_id, version) values ($1, 0) on conflict (property_id) do nothing', [facts.propertyId]);
    const [current] = await tx.query<DetailsRow>('select sections, version from property_details where property_id = $1 for update', [facts.propertyId]);
    const before = current.sections[section] ?? null;
    const unchanged = JSON.stringify(before) === JSON.stringify(parsed.data);
    if (!unchanged && (version ?? 0) !== current.version) {
      const error = userError(DETAILS_CONFLICT, 'CONFLICT');
      (error.extensions as Record<string, unknown>).current = { values: before, version: current.version };
      throw error;
    }
    let next = current;
    if (!unchanged) {
      [next] = await tx.query<DetailsRow>(
        `update property_details set sections = jsonb_set(sections, $2, $3::jsonb), version = version + 1, updated_at = now()
         where property_id = $1 returning sections, version`,
        [facts.propertyId, `{${section}}`, JSON.stringify(parsed.data)],
      );
      if (def.publishable) {
        await tx.query(
          `update properties set completed_sections = array_append(array_remove(completed_sections, $2), $2), updated_at = now() where id = $1`,
          [facts.propertyId, def.publishable],
        );
      }
      await writeAudit(tx, {
        actorUserId: ctx.viewer!.id, action: `property.details.${section}`, subjectType: 'Property', subjectId: facts.propertyId,
        propertyId: facts.propertyId, before, after: parsed.data, correlationId: ctx.correlationId,
      });
    }
    const property = (await loadProperty(tx, facts.propertyId))!;
    return { sections: next.sections, version: next.version, publishable: publishableOf(property) };
  });
}
