import type { Queryable } from '../db/client';

export type AuditEntry = {
  actorUserId: number | null;
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  propertyId?: number | null;
  before?: unknown;
  after?: unknown;
  correlationId?: string | null;
};

export const AUDIT_INSERT =
  'insert into audit_log (actor_user_id, action, subject_type, subject_id, property_id, before, after, correlation_id)';

/** Call inside the same transaction as the change it records. */
export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(`${AUDIT_INSERT} values ($1, $2, $3, $4, $5, $6, $7, $8)`, auditParams(entry));
}

/** The eight values of an audit row, in AUDIT_INSERT's order: for a statement that writes it with its change. */
export function auditParams(entry: AuditEntry): unknown[] {
  return [
    entry.actorUserId,
    entry.action,
    entry.subjectType,
    entry.subjectId == null ? null : String(entry.subjectId),
    entry.propertyId ?? null,
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
    entry.correlationId ?? null,
  ];
}
