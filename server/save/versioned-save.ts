import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError, type FieldErrors } from '../errors';
import { writeAudit } from '../audit/write-audit';
import { FORM_MESSAGES } from '../../resources/messages';

/** A record as a save sees it: its values keyed by the API's field names, and its version. */
export type Versioned<V = Record<string, unknown>> = {
  id: string | number;
  version: number;
  values: V /** The stored row as the caller's API answers with it. */;
  row?: unknown;
};

/** What one save needs; every step but `update` and `audit` is optional. */
export type VersionedSave<V, A> = {
  /** Checks the input with the definition's schema (throw `invalid(...)`): nothing is read before it passes. */
  validate: () => V | Promise<V>;
  /** Checks the ability, returning what the rest needs (the property's facts, the row); throws NOT_FOUND or FORBIDDEN. */
  authorize: () => Promise<A>;
  /** Checks that need the caller's scope, e.g. that ids of other rows are rows the caller may use. */
  check?: (values: V, auth: A) => Promise<V>;
  /** The version the editor loaded; null or undefined for a record it saw as not yet created. */
  version: number | null | undefined;
  conflictMessage: string;
  /** Reads the stored record under a row lock (SELECT … FOR UPDATE), or null when there is none. */
  lock: (tx: Queryable, auth: A) => Promise<Versioned<V> | null>;
  /** Creates the record; null when a concurrent first save won (the save then locks and compares again). Without it a missing record is NOT_FOUND. */
  insert?: (tx: Queryable, values: V, auth: A) => Promise<Versioned<V> | null>;
  update: (tx: Queryable, current: Versioned<V>, values: V, auth: A) => Promise<Versioned<V>>;
  /** The audit row's names; before and after are the values. */
  audit: (
    kind: 'create' | 'update',
    auth: A,
    record: Versioned<V>,
  ) => { action: string; subjectType: string; propertyId: number | null; context?: Record<string, unknown> };
  /** When an unchanged save counts as the same (default: the same values). */
  same?: (stored: V, values: V) => boolean;
  /** More to write in the same transaction after a change (a section counted towards publishing). */
  afterWrite?: (tx: Queryable, record: Versioned<V>, auth: A) => Promise<void>;
  notFound?: () => Error;
};

/** Refused input: the spec's heading and each field's messages. */
export const invalid = (fields: FieldErrors) => userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', fields);

/** zod issues as field errors, keyed by the first path segment. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fallback = '_form',
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) (fields[String(issue.path[0] ?? fallback)] ??= []).push(issue.message);
  return fields;
}

/** The one CONFLICT every save answers: the stored values and version, so the form can show what changed. */
export function conflict(message: string, current: Versioned<unknown> | null) {
  const error = userError(message, 'CONFLICT');
  (error.extensions as Record<string, unknown>).current = {
    values: current?.values ?? null,
    version: current?.version ?? 0,
  };
  return error;
}

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
export const sameValues = (a: unknown, b: unknown) => stable(a) === stable(b);

/**
 * The one way to save: validate → authorize → in one transaction, lock the record, refuse a save
 * made against an older version (nothing is overwritten silently), write, and record before and
 * after with who and the correlation id → the saved record. An identical repeat save writes
 * nothing, so a double click creates nothing twice. Definitions, details, contacts and custom
 * resolvers (the escape hatch) all save through here.
 */
export async function versionedSave<V, A>(
  ctx: AppContext,
  save: VersionedSave<V, A>,
): Promise<{ record: Versioned<V>; auth: A; changed: boolean }> {
  const parsed = await save.validate();
  const auth = await save.authorize();
  const values = save.check ? await save.check(parsed, auth) : parsed;
  const same = save.same ?? sameValues;
  return ctx.db.transaction(async (tx) => {
    let current = await save.lock(tx, auth);
    let kind: 'create' | 'update' = 'update';
    let record: Versioned<V> | null = null;
    if (!current) {
      if (!save.insert) throw save.notFound?.() ?? conflict(save.conflictMessage, null);
      if (save.version) throw conflict(save.conflictMessage, null);
      record = await save.insert(tx, values, auth);
      kind = 'create';
      // Two first saves at once: the loser finds the winner's record and compares with it.
      if (!record) current = await save.lock(tx, auth);
    }
    if (current) {
      if (same(current.values, values)) return { record: current, auth, changed: false };
      if (current.version !== (save.version ?? 0)) throw conflict(save.conflictMessage, current);
      record = await save.update(tx, current, values, auth);
      kind = 'update';
    }
    const names = save.audit(kind, auth, record!);
    await writeAudit(tx, {
      actorUserId: ctx.viewer!.id,
      action: names.action,
      subjectType: names.subjectType,
      subjectId: record!.id,
      propertyId: names.propertyId,
      before: current?.values == null ? null : { ...names.context, ...current.values },
      after: { ...names.context, ...record!.values },
      correlationId: ctx.correlationId,
    });
    await save.afterWrite?.(tx, record!, auth);
    return { record: record!, auth, changed: true };
  });
}
