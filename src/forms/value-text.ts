/** A stored value as a person reads it: a dash for none, Yes/No, lists joined. Conflicts and trails show values this way. */
export function valueText(v: unknown): string {
  if (v == null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.length ? v.map(valueText).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
