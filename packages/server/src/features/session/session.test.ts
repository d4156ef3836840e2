import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('session', () => {
  it('logs the admin in and answers getInfo in the original shape', async () => {
    const token = await t.login();
    const res = await t.call({ method: 'GET', url: '/getInfo', token });
    expect(res.body.code).toBe(200);
    expect(res.body.user.userName).toBe('admin');
    expect(res.body.user).not.toHaveProperty('password');
    expect(res.body.roles).toContain('admin');
    expect(res.body.permissions).toEqual(['*:*:*']);
    expect(res.body.config).toMatchObject({ currentTeamId: 0, currentProjectId: 0 });
    expect(res.body.isDefaultModifyPwd).toBe(true);
  });
});
