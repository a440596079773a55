import type { Db, Queryable } from '../db/client';
import type { FieldChange } from '../commands/history';
import { zoneOf } from '../properties/property-day';
import { sectionOf, TRAIL_SECTIONS, trailFilterSchema, type TrailFilter } from '../../resources/trails/trail-rules';
import { userError } from '../errors';

export type HistoryActor = {
  kind: 'USER' | 'API_KEY' | 'OPERATOR';
  id: string | null;
  name: string;
  email: string | null;
  /** The role the user holds on the property now ('staff' for staff); null for a key or the operator, or someone gone. */
  role: string | null;
};
/** A rates save, bulk update or undo: the batch its cells are in, and whether it has been undone. */
export type TrailBatch = { id: string; roomTypeId: string; cellCount: number; undone: boolean };
export type HistoryRecord = {
  id: string;
  at: string;
  actor: HistoryActor;
  correlationId: string | null;
  section: { key: string; label: string };
  subjectType: string;
  subjectId: string | null;
  label: string;
  action: string;
  changes: FieldChange[];
  /** The change this one reverted, and the change that reverted this one. */
  revertsId: string | null;
  revertedById: string | null;
  batch: TrailBatch | null;
};

type Row = {
  id: number;
  at: Date | string;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  user_role: string | null;
  key_id: number | null;
  key_name: string | null;
  correlation_id: string | null;
  subject_type: string;
  subject_id: string | null;
  subject_label: string;
  action: string;
  changes: FieldChange[] | null;
  reverts_id: number | null;
  reverted_by: number | null;
  batch_id: string | null;
  batch_room_type: string | null;
  batch_cells: number | null;
  batch_undone: boolean | null;
};

function actorOf(r: Row): HistoryActor {
  if (r.key_id != null)
    return {
      kind: 'API_KEY',
      id: String(r.key_id),
      name: r.key_name ?? `API key ${r.key_id}`,
      email: null,
      role: null,
    };
  if (r.user_id != null)
    return {
      kind: 'USER',
      id: String(r.user_id),
      name: r.user_name ?? r.user_email ?? `User ${r.user_id}`,
      email: r.user_email,
      role: r.user_role,
    };
  return { kind: 'OPERATOR', id: null, name: 'Operator', email: null, role: null };
}

/** The where clause of a property's trail under a filter; $1 is the property. */
async function whereOf(db: Db, propertyId: number, f: TrailFilter) {
  const params: unknown[] = [propertyId];
  const and: string[] = ['a.property_id = $1'];
  if (f.section) {
    // One subject: an ordered scan of the (property, subject, id) index; several: any of them.
    const subjects: readonly string[] = TRAIL_SECTIONS[f.section].subjects;
    and.push(
      subjects.length === 1
        ? `a.subject_type = $${params.push(subjects[0])}`
        : `a.subject_type = any($${params.push([...subjects])})`,
    );
  }
  if (f.subjectType) and.push(`a.subject_type = $${params.push(f.subjectType)}`);
  if (f.subjectId) and.push(`a.subject_id = $${params.push(f.subjectId)}`);
  if (f.actor === 'operator') and.push('a.actor_user_id is null and a.actor_api_key_id is null');
  else if (f.actor?.startsWith('user:')) and.push(`a.actor_user_id = $${params.push(Number(f.actor.slice(5)))}`);
  else if (f.actor?.startsWith('key:')) and.push(`a.actor_api_key_id = $${params.push(Number(f.actor.slice(4)))}`);
  if (f.from || f.to) {
    // Days are the property's own (its time zone), as everywhere else in the portal.
    const zone = params.push(await zoneOf(db, propertyId));
    if (f.from) and.push(`a.at >= ($${params.push(f.from)}::date)::timestamp at time zone $${zone}`);
    if (f.to) and.push(`a.at < ($${params.push(f.to)}::date + 1)::timestamp at time zone $${zone}`);
  }
  return { where: and.join(' and '), params };
}

/** One record's columns: who (name, email, their role here now), what, and its revert and batch links. */
const ROW = `a.id, a.at, a.actor_user_id as user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name,
  u.email as user_email,
  case when u.is_staff then 'staff' else (
    select m.role from live_memberships m join properties p on p.id = a.property_id
     where m.user_id = u.id and (m.property_id = p.id or m.property_group_id = p.property_group_id)
     order by m.property_id nulls last limit 1) end as user_role,
  a.actor_api_key_id as key_id, k.name as key_name, a.correlation_id, a.subject_type, a.subject_id,
  a.subject_label, a.action, a.changes, a.reverts_id,
  (select r.id from audit_log r where r.reverts_id = a.id order by r.id limit 1) as reverted_by,
  b.id::text as batch_id, b.room_type_id::text as batch_room_type, case when b.id is not null then coalesce((a.after->>'cells')::int, b.cell_count) end as batch_cells, b.undone_by is not null as batch_undone`;
const JOINS = `left join users u on u.id = a.actor_user_id
  left join api_keys k on k.id = a.actor_api_key_id
  left join rates_batches b on a.subject_type = 'RatesInventory' and b.property_id = a.property_id
   and b.id::text = a.after->>'batchId'`;
/** A page's ids first (the index alone, however deep the page), then each row's columns and joins for those ids only. */
const PAGED = (where: string, limit: string, offset: string) =>
  `with page as (select a.id from audit_log a where ${where} order by a.id desc limit ${limit} offset ${offset})
   select ${ROW} from page join audit_log a on a.id = page.id ${JOINS} order by a.id desc`;

const recordOf = (r: Row): HistoryRecord => ({
  id: String(r.id),
  at: new Date(r.at).toISOString(),
  actor: actorOf(r),
  correlationId: r.correlation_id,
  section: sectionOf(r.subject_type),
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  label: r.subject_label,
  action: r.action,
  changes: r.changes ?? [],
  revertsId: r.reverts_id == null ? null : String(r.reverts_id),
  revertedById: r.reverted_by == null ? null : String(r.reverted_by),
  batch:
    r.batch_id == null
      ? null
      : { id: r.batch_id, roomTypeId: r.batch_room_type!, cellCount: r.batch_cells ?? 0, undone: !!r.batch_undone },
});

/**
 * A property's trail, newest first, in the one envelope every command writes (details, contacts,
 * room types, rate plans, rates, bookings, media, users, settings), filtered by section, person,
 * the property's days and one record. A page is a short scan of the (property, id) index or of the
 * section's or person's (0040); the count is a separate index-only count.
 */
export async function propertyTrail(
  db: Db,
  propertyId: number,
  filter: TrailFilter,
  page: { limit: number; offset: number },
): Promise<{ nodes: HistoryRecord[]; totalCount: number }> {
  const { where, params } = await whereOf(db, propertyId, filter);
  const [rows, count] = await Promise.all([
    db.query<Row>(PAGED(where, `$${params.length + 1}`, `$${params.length + 2}`), [...params, page.limit, page.offset]),
    countWhere(db, where, params),
  ]);
  return { totalCount: count, nodes: rows.map(recordOf) };
}

/** Every record of the filter, newest first, a chunk at a time (keyset on id): what the CSV export streams. */
export async function* trailChunks(db: Db, propertyId: number, filter: TrailFilter, chunk = 1000) {
  const { where, params } = await whereOf(db, propertyId, filter);
  let before: number | null = null;
  for (;;) {
    const seek: string = before == null ? '' : ` and a.id < $${params.length + 1}`;
    const rows: Row[] = await db.query<Row>(
      PAGED(`${where}${seek}`, String(chunk), '0'),
      before == null ? params : [...params, before],
    );
    if (rows.length) yield rows.map(recordOf);
    if (rows.length < chunk) return;
    before = rows[rows.length - 1].id;
  }
}

const countWhere = async (db: Db, where: string, params: unknown[]) =>
  Number((await db.query<{ n: string }>(`select count(*) as n from audit_log a where ${where}`, params))[0].n);

export const countTrail = async (db: Db, propertyId: number, filter: TrailFilter) => {
  const { where, params } = await whereOf(db, propertyId, filter);
  return countWhere(db, where, params);
};

/** Trails' filter from the API or the export's query string, checked: the first problem is the answer. */
export function parseTrailFilter(raw: unknown): TrailFilter {
  const parsed = trailFilterSchema.safeParse(raw ?? {});
  if (!parsed.success) throw userError(parsed.error.issues[0].message, 'BAD_USER_INPUT');
  return parsed.data;
}

/** One record of a property's trail, or null. */
export async function trailRecord(db: Queryable, propertyId: number, id: number): Promise<HistoryRecord | null> {
  const [row] = await db.query<Row>(`select ${ROW} from audit_log a ${JOINS} where a.property_id = $1 and a.id = $2`, [
    propertyId,
    id,
  ]);
  return row ? recordOf(row) : null;
}

/** The people (and keys) who have changed this property, for the person filter: most recent first. */
export async function trailActors(db: Db, propertyId: number) {
  const rows = await db.query<{ kind: string; id: number | null; name: string | null; email: string | null }>(
    `select case when a.actor_api_key_id is not null then 'key' when a.actor_user_id is not null then 'user' else 'operator' end as kind,
            coalesce(a.actor_api_key_id, a.actor_user_id) as id,
            coalesce(k.name, nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name, u.email,
            max(a.id) as last
       from audit_log a left join users u on u.id = a.actor_user_id left join api_keys k on k.id = a.actor_api_key_id
      where a.property_id = $1
      group by 1, 2, 3, 4 order by last desc limit 200`,
    [propertyId],
  );
  return rows.map((r) => ({
    key: r.kind === 'operator' ? 'operator' : `${r.kind}:${r.id}`,
    name: r.kind === 'operator' ? 'Operator' : (r.name ?? `${r.kind === 'key' ? 'API key' : 'User'} ${r.id}`),
    email: r.email,
  }));
}
