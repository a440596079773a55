import type { ResourceDef } from '../../resources/define-resource';

/** The page of a resource on a property, from the definition's routes; rows under another row need its id. */
export function resourcePath(
  def: ResourceDef,
  propertyId: number,
  page: 'list' | 'create' | 'edit',
  id?: string,
  parentId?: string,
): string {
  const route = (def.routes![page] ?? def.routes!.list).replace(':id', id ?? '').replace(':parentId', parentId ?? '');
  return `/properties/${propertyId}/${route}`;
}

/** What Refine needs to know about each resource: its name, its pages and its label. */
export function refineResources(defs: ResourceDef[]) {
  return defs
    .filter((d) => d.routes && !d.single)
    .map((d) => ({
      name: d.name,
      list: `/properties/:propertyId/${d.routes!.list}`,
      ...(d.routes!.create ? { create: `/properties/:propertyId/${d.routes!.create}` } : {}),
      edit: `/properties/:propertyId/${d.routes!.edit}`,
      meta: { label: d.label },
    }));
}
