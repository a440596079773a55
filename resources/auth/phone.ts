/** Australian numbers: shown without the country code, saved with +61 and no leading zeros (spec §3). */
export const COUNTRY_CODE = '+61';

export function phoneForDisplay(stored: string | null | undefined): string {
  if (!stored) return '';
  return stored.replace(/^\+?61/, '');
}

export function phoneForSaving(entered: string | null | undefined): string | null {
  const compact = (entered ?? '').replace(/[\s()-]/g, '');
  if (!compact) return null;
  const local = compact.replace(/^\+?61/, '').replace(/^0+/, '');
  return `${COUNTRY_CODE}${local}`;
}
