/**
 * What a rate plan's inclusions picker offers (issue 25): every entry but a deprecated one, unless
 * the plan already held it when the form opened (then it stays, marked deprecated).
 */
export const offeredInclusions = <T extends { value: string; row: Record<string, unknown> }>(
  options: readonly T[],
  held: ReadonlySet<string>,
): T[] => options.filter((o) => o.row.badge !== 'DEPRECATED' || held.has(o.value));
