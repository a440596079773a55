import { GraphQLError } from 'graphql';

/**
 * The two ways a command says no, the same on every write path (the portal shows them the same
 * way everywhere):
 * - STALE: someone changed it since you read it; `current` carries what is stored now (a record's
 *   values and version), or `cells` name the grid cells with their value now.
 * - REFUSED: a rule says no; `reason` is the message, and `cells` name the cells it is about.
 */
export type RefusalCode = 'STALE' | 'REFUSED';

export type CellRefusal = {
  ratePlanId: string | null;
  ratePlanName: string;
  date: string;
  field: string;
  current?: string | null;
  /** Who made the change that made the cell stale (the user of its last batch). */
  changedBy?: string | null;
};

export type StoredNow = { values: unknown; version: number };

function refusal(code: RefusalCode, message: string, extensions: Record<string, unknown>) {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/** Changed since the caller read it: what is stored now (null when it is gone), so the form can show what changed. */
export const stale = (message: string, current: StoredNow | null, extra: Record<string, unknown> = {}) =>
  refusal('STALE', message, { current: current ?? { values: null, version: 0 }, ...extra });

/** Grid cells changed since the caller read them, each with its value now. */
export const staleCells = (message: string, cells: CellRefusal[]) => refusal('STALE', message, { cells });

/** A rule says no; nothing changed. `cells`: the grid cells the rule is about. */
export const refused = (message: string, extra: { cells?: CellRefusal[]; confirm?: boolean } = {}) =>
  refusal('REFUSED', message, { reason: message, ...extra });
