import { useState } from 'react';

/** A note the user closed stays closed on this browser (spec §3 local UI state: the rate plans summary tooltip). */
export function useDismissed(key: string): [boolean, () => void] {
  const storageKey = `extranet.${key}`;
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(storageKey) === 'true';
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(storageKey, 'true');
    } catch {
      /* private mode: closed for this visit only */
    }
  };
  return [dismissed, dismiss];
}
