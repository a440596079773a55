import type { Queryable } from '../db/client';
import type { FieldChange } from './history';

export type HistoryActor = { kind: 'USER' | 'API_KEY' | 'OPERATOR'; id: string | null; name: string };
export type HistoryRecord = {
  id: string;
  at: string;
  actor: HistoryActor;
  correlationId: string | null;
  subjectType: string;
  subjectId: string | null;
  label: string;
  action: string;
  changes: FieldChange[];
};

type Row = {
  id: number;
  at: Date | string;
  user_id: number | null;
  user_name: string | null;
  key_id: number | null;
  key_name: string | null;
  correlation_id: string | null;
  subject_type: string;
  subject_id: string | null;
  subject_label: string;
  action: string;
  changes: FieldChange[] | null;
  total: number | string;
};

function actorOf(r: Row): HistoryActor {
  if (r.key_id != null) return { kind: 'API_KEY', id: String(r.key_id), name: r.key_name ?? `API key ${r.key_id}` };
  if (r.user_id != null) return { kind: 'USER', id: String(r.user_id), name: r.user_name ?? `User ${r.user_id}` };
  return { kind: 'OPERATOR', id: null, name: 'Operator' };
}

/**
 * A property's history, newest first, in the one envelope every command writes: details, contacts,
 * room types, rate plans, rates (grid, bulk, undo), bookings and status actions alike. One query,
 * on the (property_id, id) index; the actor's name as it is now (a deleted user keeps their id).
 */
export async function propertyHistory(
  db: Queryable,
  propertyId: number,
  page: { limit: number; offset: number },
): Promise<{ nodes: HistoryRecord[]; totalCount: number }> {
  const rows = await db.query<Row>(
    `select a.id, a.at, a.actor_user_id as user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name,
            a.actor_api_key_id as key_id, k.name as key_name, a.correlation_id, a.subject_type, a.subject_id,
            a.subject_label, a.action, a.changes, count(*) over () as total
       from audit_log a
       left join users u on u.id = a.actor_user_id
       left join api_keys k on k.id = a.actor_api_key_id
      where a.property_id = $1
      order by a.id desc limit $2 offset $3`,
    [propertyId, page.limit, page.offset],
  );
  let totalCount = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    const [c] = await db.query<{ n: string }>('select count(*) as n from audit_log where property_id = $1', [
      propertyId,
    ]);
    totalCount = Number(c.n);
  }
  return {
    totalCount,
    nodes: rows.map((r) => ({
      id: String(r.id),
      at: new Date(r.at).toISOString(),
      actor: actorOf(r),
      correlationId: r.correlation_id,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      label: r.subject_label,
      action: r.action,
      changes: r.changes ?? [],
    })),
  };
}
