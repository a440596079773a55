/** A coordinate as a guest reads it, without a map: 35.3561° S, 150.4683° E (four decimals, about 10 m). */
export function coordinateSummary(latitude: unknown, longitude: unknown): string | null {
  if (!inRange(latitude, 90) || !inRange(longitude, 180)) return null;
  const part = (v: number, positive: string, negative: string) =>
    `${Math.abs(v).toFixed(4)}° ${v < 0 ? negative : positive}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

const inRange = (v: unknown, limit: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
