import { describe, expect, it } from 'vitest';
import { ACCOUNT_CEILING, delayFor, MAX_DELAY_MS } from '../../server/auth/login-throttle';
import { clientAddress } from '../../server/http/client-address';

describe('sign-in limits', () => {
  it('makes no one wait below the account-wide ceiling, then doubles the wait every five failures up to a cap', () => {
    expect(delayFor(1)).toBe(0);
    expect(delayFor(ACCOUNT_CEILING)).toBe(0);
    expect(delayFor(ACCOUNT_CEILING + 1)).toBe(250);
    expect(delayFor(ACCOUNT_CEILING + 5)).toBe(250);
    expect(delayFor(ACCOUNT_CEILING + 6)).toBe(500);
    expect(delayFor(ACCOUNT_CEILING + 11)).toBe(1000);
    expect(delayFor(ACCOUNT_CEILING + 1000)).toBe(MAX_DELAY_MS);
  });

  it("counts a client by the socket's peer, or by the proxy's last hop only when told to trust it", () => {
    const req = (forwarded?: string) =>
      ({ socket: { remoteAddress: '10.0.0.5' }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as never;
    expect(clientAddress(req('203.0.113.7'), false)).toBe('10.0.0.5');
    expect(clientAddress(req('198.51.100.1, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(req(), true)).toBe('10.0.0.5');
    expect(clientAddress(undefined, false)).toBe('local');
  });
});
