import { RESOURCES } from '../../../resources/registry';
import { operationNames, resourceDocuments } from '../../../resources/resource.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

/** A row of another resource in the same target property (its fixture row), for references. */
type RowOf = (resource: string) => string;
let planNames = 0;
/** Valid values for each defined resource; `room` is a room type id of the target property. */
export const VALUES: Record<string, (room: string, rowOf: RowOf) => Record<string, unknown>> = {
  'room-types': () => ({
    name: 'Matrix King',
    beds: [{ type: 'KING', count: 1 }],
    bathroom: 'PRIVATE',
    smoking: 'NON_SMOKING',
    maxAdults: 2,
    maxChildren: 0,
    roomCount: 3,
    status: 'ACTIVE',
  }),
  'global-inclusions': () => ({ name: 'Matrix breakfast', category: 'FOODANDDRINKS' }),
  'custom-inclusions': () => ({ name: 'Matrix ferry', category: 'TRANSPORT' }),
  // A name of its own each time: a name another plan of the property has is asked about first (issue 25).
  'rate-plans': (room) => ({
    name: `Matrix rate ${++planNames}`,
    type: 'Standard',
    pricing: 'Dynamic',
    roomTypeIds: [room],
    saleStart: '2026-01-01',
    saleEnd: '2099-01-01',
    minStay: 1,
    cancellationPolicy: [],
  }),
  promotions: (_room, rowOf) => ({
    name: 'Matrix deal',
    ratePlanIds: [rowOf('rate-plans:promoted')],
    type: 'BASIC',
    discountPercent: 10,
    saleStart: '2026-01-01',
    saleEnd: '2099-01-01',
    stayStart: '2026-01-01',
    stayEnd: '2099-01-01',
  }),
};

const signedIn = (p: Principal) => p !== 'anonymous';
const member = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && signedIn(p) && p !== 'no_membership');
const EDITORS = ['property_admin', 'property_editor', 'supplier', 'property_group_admin', 'property_group_editor'];
const editor = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && EDITORS.includes(p));
const staffOnly = (p: Principal) => p === 'staff';

/**
 * Who may read and who may write each subject (spec §6 and the abilities: content by editors,
 * inclusions kept by staff). A resource on a subject listed here needs no entry of its own.
 */
const RULES: Record<string, { read: Operation['allowed']; write: Operation['allowed'] }> = {
  RoomType: { read: member, write: editor },
  RatePlan: { read: member, write: editor },
  Promotion: { read: member, write: editor },
  CustomInclusion: { read: member, write: staffOnly },
  GlobalInclusion: { read: signedIn, write: staffOnly },
};

/** Values to create a row with: VALUES' entry, else the definition's first demo row (its references: the fixture's room type). */
export function valuesFor(def: (typeof RESOURCES)[number]): (room: string, rowOf: RowOf) => Record<string, unknown> {
  if (VALUES[def.name]) return VALUES[def.name];
  if (!def.sample) throw new Error(`Resource '${def.name}': add valid values to VALUES in ${import.meta.url}`);
  return (room) =>
    def.sample!({
      propertyId: 1,
      ids: (name) => (name === 'room-types' ? [room] : []),
      day: (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10),
    })[0];
}

/** The five operations of every defined resource, with the rows the fixture made for it. */
export const RESOURCE_OPERATIONS: Operation[] = RESOURCES.flatMap((def) => {
  const n = operationNames(def);
  const docs = resourceDocuments(def);
  const rules = RULES[def.subject];
  if (!rules) throw new Error(`Subject '${def.subject}' of '${def.name}': add who may read and write it to RULES`);
  const make = valuesFor(def);
  const row = (f: Fixture, t: Target) => f.rows[def.name][t];
  const scope = (f: Fixture, t: Target) =>
    def.scope === 'property' ? { propertyId: t === 'own' ? f.own : f.other } : {};
  const values = (f: Fixture, t: Target) => make(f.rows['room-types:sold'][t], (name) => f.rows[name][t]);
  return [
    {
      field: `Query.${n.list}`,
      query: docs.list,
      variables: (f, t) => ({ input: scope(f, t), limit: 5 }),
      allowed: rules.read,
    },
    { field: `Query.${n.one}`, query: docs.one, variables: (f, t) => ({ id: row(f, t) }), allowed: rules.read },
    {
      field: `Mutation.${n.create}`,
      query: docs.create,
      variables: (f, t) => ({ input: { ...scope(f, t), values: values(f, t) } }),
      allowed: rules.write,
    },
    {
      field: `Mutation.${n.update}`,
      query: docs.update,
      variables: (f, t) => ({ input: { id: row(f, t), version: 1, values: values(f, t) } }),
      allowed: rules.write,
    },
    {
      field: `Mutation.${n.delete}`,
      query: docs.delete,
      variables: (f, t) => ({ input: { id: row(f, t) } }),
      allowed: rules.write,
    },
  ];
});
