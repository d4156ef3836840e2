import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(2020);
    // Reachable from this machine only, until HOST says otherwise.
    expect(c.host).toBe('127.0.0.1');
    expect(c.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/buglet.db') });
    expect(c.captchaEnabled).toBeUndefined();
    expect(c.sessionTtlMinutes).toBe(240);
  });

  it('picks PostgreSQL from a postgres URL and reads switches', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', CAPTCHA_ENABLED: 'false', PORT: '8080' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(c.captchaEnabled).toBe(false);
    expect(c.port).toBe(8080);
  });

  it('stops with a message naming each wrong variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', CAPTCHA_ENABLED: 'maybe', DATABASE_URL: 'mysql://x' }),
    ).toThrowError(
      /PORT: must be a number[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*CAPTCHA_ENABLED: must be true or false/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'abc' })).toThrowError(
      /ADMIN_PASSWORD: must be 5 to 20 characters/,
    );
  });
});
