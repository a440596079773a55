import type { Queryable } from '../db/client';

/**
 * Requests a hotel makes of staff for what only staff change (issue 25): go-live, and a new name for
 * the property. One table and one lifecycle: at most one open request of a kind per property; staff
 * decide it with an outcome (and a reason when they say no), and the decided rows stay as the record.
 */
export type RequestKind = 'GO_LIVE' | 'NAME_CHANGE';
export type RequestOutcome = 'PUBLISHED' | 'RETURNED' | 'RENAMED' | 'DECLINED';

export type PropertyRequestRow = {
  id: number;
  property_id: number;
  kind: RequestKind;
  proposed_name: string | null;
  note: string | null;
  requested_at: Date;
  requested_by: number | null;
  requester_name: string | null;
  requester_email: string | null;
  decided_at: Date | null;
  outcome: RequestOutcome | null;
  reason: string | null;
};

const REQUEST_SQL = `select g.id, g.property_id, g.kind, g.proposed_name, g.note, g.requested_at, g.requested_by, g.decided_at,
         g.outcome, g.reason, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as requester_name,
         u.email as requester_email
    from property_requests g left join users u on u.id = g.requested_by`;

/** The property's latest request of a kind, open or decided (what its pages show), or null. */
export async function latestRequest(
  db: Queryable,
  propertyId: number,
  kind: RequestKind,
): Promise<PropertyRequestRow | null> {
  const [row] = await db.query<PropertyRequestRow>(
    `${REQUEST_SQL} where g.property_id = $1 and g.kind = $2 order by g.id desc limit 1`,
    [propertyId, kind],
  );
  return row ?? null;
}

/** Staff's worklist: every open request of a kind with its property's name, oldest first. */
export function waitingRequests(db: Queryable, kind: RequestKind) {
  return db.query<PropertyRequestRow & { property_name: string }>(
    `select r.*, p.name as property_name from (${REQUEST_SQL} where g.decided_at is null and g.kind = $1) r
       join properties p on p.id = r.property_id order by r.requested_at, r.id`,
    [kind],
  );
}

/** The property's open request of a kind (its id and what it asks), or null. */
export async function openRequest(tx: Queryable, propertyId: number, kind: RequestKind) {
  const [row] = await tx.query<{ id: number; proposed_name: string | null }>(
    'select id, proposed_name from property_requests where property_id = $1 and kind = $2 and decided_at is null',
    [propertyId, kind],
  );
  return row ?? null;
}

export function insertRequest(
  tx: Queryable,
  propertyId: number,
  kind: RequestKind,
  userId: number,
  proposedName: string | null = null,
  note: string | null = null,
) {
  return tx.query(
    'insert into property_requests (property_id, kind, requested_by, proposed_name, note) values ($1, $2, $3, $4, $5)',
    [propertyId, kind, userId, proposedName, note],
  );
}

export function decideRequest(
  tx: Queryable,
  propertyId: number,
  id: number,
  userId: number | null,
  outcome: RequestOutcome,
  reason: string | null,
) {
  return tx.query(
    `update property_requests set decided_at = now(), decided_by = $3, outcome = $4, reason = $5
      where property_id = $1 and id = $2`,
    [propertyId, id, userId, outcome, reason],
  );
}

/** A request's one history record: on the property, with what was asked or decided. */
export const requestHistory = (
  row: { id: number; name: string },
  action: string,
  before: Record<string, string> | null,
  after: Record<string, string>,
) => ({
  action,
  subjectType: 'Property',
  subjectId: row.id,
  propertyId: row.id,
  label: `Property: ${row.name}`,
  before,
  after,
});
