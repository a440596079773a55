import { describe, expect, it } from 'vitest';
import * as Sentry from '@sentry/node';
import { flushErrorReports, initErrorReporting, reportError } from '../../server/ops/error-reporting';
import { scrubText } from '../../resources/error-scrub';

const SECRETS = {
  code: '493817',
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  card: '4111 1111 1111 1111',
  email: 'guest.person@example.com',
  invitation: '12.Jx0aFyZ3bQ8wXr9sVt2uW5yA7cD1eF3gH6iK8mN0pQ2',
  password: 'Extranet#2026',
};

describe('error reports carry no secrets (spec §9 error reporting)', () => {
  it('scrubs codes, tokens, card numbers, emails and phone numbers from text', () => {
    const text = `code ${SECRETS.code} for ${SECRETS.email}, card ${SECRETS.card}, Bearer ${SECRETS.token}, call +61 2 9999 8888, /accept-invitation?token=${SECRETS.invitation}`;
    const out = scrubText(text);
    for (const secret of [SECRETS.code, SECRETS.email, SECRETS.card, SECRETS.token, '9999 8888', SECRETS.invitation])
      expect(out).not.toContain(secret);
    expect(out).toContain('[card]');
    expect(out).toContain('[email]');
  });

  it("reaches the reporter's transport scrubbed: message, stack, breadcrumbs, extra and user", async () => {
    const sent: unknown[] = [];
    const on = await initErrorReporting({
      dsn: 'https://public@errors.example/1',
      environment: 'test',
      transport: () => ({
        send: async (envelope: unknown) => {
          sent.push(envelope);
          return {};
        },
        flush: async () => true,
      }),
    });
    expect(on).toBe(true);
    expect(await initErrorReporting({})).toBe(false);
    Sentry.addBreadcrumb({ message: `signed in with ${SECRETS.code}`, data: { password: SECRETS.password } });
    Sentry.setUser({ email: SECRETS.email, id: '7' });
    Sentry.setExtra('card', SECRETS.card);
    Sentry.setExtra('note', `token=${SECRETS.token}`);
    reportError(new Error(`Code ${SECRETS.code} was sent to ${SECRETS.email} (card ${SECRETS.card})`), 'corr-123');
    await flushErrorReports();
    expect(sent.length).toBe(1);
    const wire = JSON.stringify(sent);
    for (const secret of Object.values(SECRETS)) expect(wire).not.toContain(secret);
    expect(wire).toContain('corr-123');
    expect(wire).toContain('[code]');
    expect(wire).toContain('[email]');
  });
});
