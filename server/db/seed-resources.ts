import { addDays, isoDay } from '../../resources/days';
import type { Queryable } from './client';
import type { ResourceDef } from '../../resources/define-resource';
import { insertRow } from '../resources/resource-store';
import { RESOURCES } from '../../resources/registry';

const day = (offset: number) => addDays(isoDay(new Date()), offset);

/**
 * Each definition's sample rows, checked against its own schema so demo data is always valid data:
 * global resources once, then property resources for every property past the prospect stage, in
 * registry order so a sample can use the ids of the resources before it.
 */
export async function seedResources(tx: Queryable, defs: ResourceDef[] = RESOURCES) {
  const seeded = new Map<string, string[]>();
  const add = async (def: ResourceDef, propertyId: number | null) => {
    const ids: string[] = [];
    for (const values of def.sample!({ propertyId, ids: (name) => seeded.get(name) ?? [], day })) {
      ids.push((await insertRow(tx, def, propertyId, def.schema.parse(values))).id);
    }
    seeded.set(def.name, ids);
  };
  const withSamples = defs.filter((d) => d.sample);
  for (const def of withSamples.filter((d) => d.scope === 'global')) await add(def, null);
  const properties = await tx.query<{ id: number }>(
    "select id from properties where status <> 'PROSPECTIVE' order by id",
  );
  for (const p of properties) for (const def of withSamples.filter((d) => d.scope === 'property')) await add(def, p.id);
}
