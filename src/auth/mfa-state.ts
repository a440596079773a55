import { deleteCookie, readCookie, writeSessionCookie } from '../../providers/browser-cookies';

/** What the code screen needs after the password step, kept in the session cookie mfa_state (spec §4). */
export type MfaState = { username: string; destination: string; from: string };

const NAME = 'mfa_state';

export function saveMfaState(state: MfaState): void {
  writeSessionCookie(NAME, JSON.stringify(state));
}

export function loadMfaState(): MfaState | null {
  try {
    const parsed = JSON.parse(readCookie(NAME) ?? 'null');
    return parsed && typeof parsed.username === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function clearMfaState(): void {
  deleteCookie(NAME);
}
