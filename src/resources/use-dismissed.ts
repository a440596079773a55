import { useStoredText } from '../lib/use-stored-text';

/** A note the user closed stays closed on this browser (spec §3 local UI state: the rate plans summary tooltip). */
export function useDismissed(key: string): [boolean, () => void] {
  const [stored, store] = useStoredText(`extranet.${key}`);
  return [stored === 'true', () => store('true')];
}
