import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError, type FieldErrors } from '../errors';
import { runCommand } from '../commands/run-command';
import { stale } from '../commands/refusals';
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
  ) => {
    action: string;
    subjectType: string;
    propertyId: number | null;
    /** The record as a person names it in the history ("Rate plan: Bed and breakfast"). */
    label: string;
    context?: Record<string, unknown>;
  };
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

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
export const sameValues = (a: unknown, b: unknown) => stable(a) === stable(b);

/**
 * The record saves' case of the one command path (server/commands/run-command.ts): validate →
 * authorize → in one transaction, lock the record, refuse a save made against an older version
 * with STALE and what is stored now (nothing is overwritten silently), write, and one history
 * record with who and the correlation id → the saved record. An identical repeat save writes
 * nothing and records nothing, so a double click creates nothing twice. Definitions, details,
 * contacts and custom resolvers (the escape hatch) all save through here.
 */
export async function versionedSave<V, A>(
  ctx: AppContext,
  save: VersionedSave<V, A>,
): Promise<{ record: Versioned<V>; auth: A; changed: boolean }> {
  const same = save.same ?? sameValues;
  type Outcome = { record: Versioned<V>; before: Versioned<V> | null; kind: 'create' | 'update'; changed: boolean };
  let values: V;
  let authorized: A;
  const staleNow = (current: Versioned<V> | null) =>
    stale(save.conflictMessage, current && { values: current.values, version: current.version });
  const outcome = await runCommand<A, Versioned<V> | null, Outcome>(ctx, {
    authorize: async () => {
      const parsed = await save.validate();
      const auth = await save.authorize();
      values = save.check ? await save.check(parsed, auth) : parsed;
      authorized = auth;
      return auth;
    },
    lock: (tx, auth) => save.lock(tx, auth),
    check: (current) => {
      if (current) {
        if (!same(current.values, values) && current.version !== (save.version ?? 0)) throw staleNow(current);
      } else if (!save.insert) throw save.notFound?.() ?? staleNow(null);
      else if (save.version) throw staleNow(null);
    },
    write: async (tx, locked, auth) => {
      let current = locked;
      if (!current) {
        const created = await save.insert!(tx, values, auth);
        if (created) {
          await save.afterWrite?.(tx, created, auth);
          return { record: created, before: null, kind: 'create', changed: true };
        }
        // Two first saves at once: the loser finds the winner's record and compares with it.
        current = await save.lock(tx, auth);
        if (!current) throw staleNow(null);
      }
      if (same(current.values, values)) return { record: current, before: current, kind: 'update', changed: false };
      if (current.version !== (save.version ?? 0)) throw staleNow(current);
      const record = await save.update(tx, current, values, auth);
      await save.afterWrite?.(tx, record, auth);
      return { record, before: current, kind: 'update', changed: true };
    },
    history: ({ record, before, kind, changed }, _locked, auth) => {
      if (!changed) return null;
      const names = save.audit(kind, auth, record);
      return {
        action: names.action,
        subjectType: names.subjectType,
        subjectId: record.id,
        propertyId: names.propertyId,
        label: names.label,
        before: before?.values == null ? null : { ...names.context, ...before.values },
        after: { ...names.context, ...record.values },
      };
    },
  });
  return { record: outcome.record, auth: authorized!, changed: outcome.changed };
}
