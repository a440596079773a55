import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { appendHistory, type Actor, type HistoryEntry } from './history';
import { refused } from './refusals';
import { VIEW_AS_TEXTS } from '../../resources/users/support';

/** Where a command runs and on whose behalf. */
export type CommandEnv = {
  actor: Actor;
  correlationId: string | null;
  /** The history record this write reverts (Trails' Revert): its record links to it. */
  reverts?: number | null;
  /** Staff viewing the portal as someone (issue 30): every write is refused. */
  viewingAs?: boolean;
};

/**
 * One write, in the one shape every write path has (DESIGN.md, "Writes"):
 * authorize → (in one transaction) lock → check → write → one history record → result.
 * `check` throws `stale(...)` or `refused(...)` (refusals.ts) and nothing is written; `history`
 * answers null when the write changed nothing (a repeated save, a retried booking), so a record
 * means a change. Anything thrown rolls the change and its record back together.
 */
export type Command<A, S, R> = {
  /** Checks the caller may do this (outside the transaction; reads only). Throws NOT_FOUND or FORBIDDEN. */
  authorize: () => A | Promise<A>;
  /** Reads what the check and the write need, under a lock that holds until commit. */
  lock?: (tx: Queryable, auth: A) => Promise<S>;
  /** The version or rule check: throws STALE or REFUSED. */
  check?: (state: S, auth: A, tx: Queryable) => void | Promise<void>;
  write: (tx: Queryable, state: S, auth: A) => Promise<R>;
  /** The history record of what was written; several for a write that changes several subjects; null when nothing changed. */
  history: (result: R, state: S, auth: A) => HistoryEntry | HistoryEntry[] | null;
};

type WithDb = { db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } };

/** The environment of a request: the signed-in viewer (or the given actor) and the request's correlation id. */
export const commandEnv = (ctx: AppContext, actor?: Actor): CommandEnv => ({
  actor: actor ?? { userId: ctx.viewer?.id ?? null },
  correlationId: ctx.correlationId,
  reverts: ctx.reverting ?? null,
  viewingAs: Boolean(ctx.viewer?.viewAs),
});

/** Runs a command in a transaction of its own: the way every request writes. */
export async function runCommand<A, S, R>(
  ctx: AppContext | (CommandEnv & WithDb),
  command: Command<A, S, R>,
): Promise<R> {
  const env = 'viewer' in ctx ? commandEnv(ctx) : ctx;
  if (env.viewingAs) throw refused(VIEW_AS_TEXTS.readOnly);
  const auth = await command.authorize();
  return ctx.db.transaction((tx) => steps(tx, env, command, auth));
}

/**
 * Runs a command inside the caller's transaction: for the CLI's operations, which several make
 * up one transaction, and for an auth step whose failure count must commit with it.
 */
export async function runCommandIn<A, S, R>(tx: Queryable, env: CommandEnv, command: Command<A, S, R>): Promise<R> {
  return steps(tx, env, command, await command.authorize());
}

async function steps<A, S, R>(tx: Queryable, env: CommandEnv, command: Command<A, S, R>, auth: A): Promise<R> {
  if (env.viewingAs) throw refused(VIEW_AS_TEXTS.readOnly);
  const state = (command.lock ? await command.lock(tx, auth) : undefined) as S;
  await command.check?.(state, auth, tx);
  const result = await command.write(tx, state, auth);
  const records = command.history(result, state, auth);
  for (const record of records == null ? [] : Array.isArray(records) ? records : [records])
    await appendHistory(tx, env, record);
  return result;
}
