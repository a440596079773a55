import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/auth/safe-redirect';

describe('safeReturnPath', () => {
  it('keeps a path of the portal, with its query and hash', () => {
    expect(safeReturnPath('/properties/1/rates?from=2027-01-01#grid')).toBe('/properties/1/rates?from=2027-01-01#grid');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n\\evil.example',
    '/\r//evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%2F%2Fevil.example'.replace('/%2F', '//'),
    '  //evil.example',
    'evil.example',
    '',
    null,
    undefined,
  ])('sends %j home', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('keeps an encoded slash as a path, never as another origin', () => {
    const kept = safeReturnPath('/%2F%2Fevil.example');
    expect(new URL(kept, 'https://portal.invalid').origin).toBe('https://portal.invalid');
  });

  it('never returns to the sign-in pages', () => {
    for (const p of ['/sign-in', '/sign-in?to=/x', '/mfa-code', '/sign-out', '/users/sign_in'])
      expect(safeReturnPath(p)).toBe('/');
    expect(safeReturnPath('/sign-in-help')).toBe('/sign-in-help');
  });
});
