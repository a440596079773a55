import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'production', isProduction: true });
    expect(c.ALLOWED_ORIGINS).toContain('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(c.DATABASE_LISTEN_URL).toBeUndefined();
  });

  it('reads the pooler settings: prepared statements off, LISTEN on a direct URL', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/extranet',
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/extranet',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(c).toMatchObject({
      DATABASE_PREPARED_STATEMENTS: false,
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/extranet',
    });
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrowError(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('reads every bad value into one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(
      new ConfigError('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")'),
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrowError(/PORT must be a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(
      /DATABASE_URL must start with postgres: or postgresql:/,
    );
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://ok.example,https://bad.example/path' })).toThrowError(
      /ALLOWED_ORIGINS each origin/,
    );
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
    } catch (e) {
      expect((e as Error).message.split('\n')).toHaveLength(1);
      expect((e as Error).message).toMatch(/PORT .*; LOG_LEVEL/);
    }
  });

  it('makes `npm start` print one clear line and exit non-zero on PORT=abc', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(r.stdout).toBe('');
  });
});
