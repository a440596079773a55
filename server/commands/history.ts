import type { Queryable } from '../db/client';

/** Who made a change: a signed-in user, the brand's booking system by its API key, or an operator at the CLI (neither). */
export type Actor = { userId: number | null; apiKeyId?: number | null };

/** One field's change; values as stored (private ones are written as 'changed', never their value). */
export type FieldChange = { field: string; before: unknown; after: unknown };

/**
 * The one history envelope every command writes (audit_log): what changed, of which subject, in
 * which property, named for a person to read ("Rate plan: Bed and breakfast"). Who, when and the
 * correlation id come from the command's environment.
 */
export type HistoryEntry = {
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  propertyId?: number | null;
  /** The group whose history it is part of (a group's users), when it is not one property's. */
  propertyGroupId?: number | null;
  /** The subject as a person names it: "Rates: Deluxe King, 3–9 Jan 2027", "Booking HX003B37". */
  label: string;
  /** Snapshots of the record before and after (null for a create or a delete). */
  before?: unknown;
  after?: unknown;
  /** Field by field; derived from `before` and `after` when they are objects and this is left out. */
  changes?: FieldChange[] | null;
  /** Who, when it is not the command's caller: a sign-in or a password reset is the user's own, though nobody was signed in. */
  actor?: Actor;
};

const text = (v: unknown) => (v === undefined ? 'null' : JSON.stringify(v));
const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** The fields whose values differ between two snapshots, in the order they first appear. */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((f) => text(b[f] ?? null) !== text(a[f] ?? null))
    .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

const COLUMNS = [
  'actor_user_id',
  'actor_api_key_id',
  'action',
  'subject_type',
  'subject_id',
  'subject_label',
  'property_id',
  'before',
  'after',
  'changes',
  'correlation_id',
];
/**
 * The statement for a record; a group's record (0038) and a revert's link (0040) are named only
 * when used, so the seed still writes to a database migrated before them.
 */
const insertOf = (extra: string[]) => {
  const names = [...COLUMNS, ...extra];
  return `insert into audit_log (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`;
};
const INSERTS = new Map<string, string>();

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Writes one history record in the caller's transaction. Only the command path calls it (run-command.ts). */
export async function appendHistory(
  tx: Queryable,
  env: { actor: Actor; correlationId: string | null; reverts?: number | null },
  e: HistoryEntry,
): Promise<void> {
  const changes = e.changes === undefined ? changesOf(e.before, e.after) : e.changes;
  const actor = e.actor ?? env.actor;
  const extra: [string, unknown][] = [];
  if (e.propertyGroupId != null) extra.push(['property_group_id', e.propertyGroupId]);
  if (env.reverts != null) extra.push(['reverts_id', env.reverts]);
  const key = extra.map(([c]) => c).join();
  let sql = INSERTS.get(key);
  if (!sql) INSERTS.set(key, (sql = insertOf(extra.map(([c]) => c))));
  await tx.query(sql, [
    actor.userId,
    actor.apiKeyId ?? null,
    e.action,
    e.subjectType,
    e.subjectId == null ? null : String(e.subjectId),
    e.label.slice(0, 300),
    e.propertyId ?? null,
    json(e.before),
    json(e.after),
    json(changes),
    env.correlationId,
    ...extra.map(([, v]) => v),
  ]);
}
