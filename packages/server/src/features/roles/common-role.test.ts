import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { up as takeBackOffice } from '../../db/migrations/013-common-role-grants.ts';
import { backOfficeMenuIds } from '../../db/seed/menus.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const grantsOf = async (roleId: number) =>
  (await t.db.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', roleId).execute()).map(
    (r) => r.menuId,
  );

describe('the seeded ordinary role (2)', () => {
  it('holds no back-office page, so whoever is given it administers no one', async () => {
    expect(await grantsOf(2)).toEqual([]);
    const ordinary = await t.signedIn([2]);
    for (const [method, url] of [
      ['GET', '/system/user/list'],
      ['PUT', '/system/user/resetPwd'],
      ['GET', '/monitor/online/list'],
      ['GET', '/monitor/logininfor/list'],
    ] as const) {
      const res = await t.call({
        method,
        url,
        token: ordinary.token,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.body.code, url).toBe(403);
    }
  });

  it('loses the grants the original seeded when an older database is migrated', async () => {
    const seeded = backOfficeMenuIds();
    expect(seeded.length).toBeGreaterThan(20);
    await t.db
      .insertInto('sysRoleMenu')
      .values([
        ...seeded.map((menuId) => ({ roleId: 2, menuId })),
        { roleId: 3, menuId: seeded[0] as number },
      ])
      .execute();
    await takeBackOffice(t.db as never);
    expect(await grantsOf(2)).toEqual([]);
    // Other roles keep what they were given.
    expect(await grantsOf(3)).toContain(seeded[0]);
  });
});
