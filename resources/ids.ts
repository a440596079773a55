import { z } from 'zod';

/**
 * Every list of ids the API takes holds each id once: a repeat is dropped where it stands, so the
 * same rate plan sent a hundred times is planned, counted and written once.
 */
export const distinctIds = <T>(ids: readonly T[]): T[] => [...new Set(ids)];

/** A list of ids of at most `max`, each once. */
export const idListOf = <S extends z.ZodType<string, unknown>>(item: S, max: number, maxMessage?: string) =>
  z.array(item).max(max, maxMessage).transform(distinctIds);
