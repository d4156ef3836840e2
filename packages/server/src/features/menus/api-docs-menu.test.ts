import type { RouterRecord } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API_DOCS_MENU_IDS, up as addApiDocsMenu } from '../../db/migrations/019-api-docs-menu.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const menuRows = () =>
  t.db
    .selectFrom('sysMenu')
    .select(['menuId', 'menuName', 'parentId', 'perms', 'component'])
    .where('menuId', 'in', API_DOCS_MENU_IDS)
    .orderBy('menuId')
    .execute();
const grantRows = () =>
  t.db
    .selectFrom('sysRoleMenu')
    .select(['roleId', 'menuId'])
    .where('menuId', 'in', API_DOCS_MENU_IDS)
    .orderBy('roleId')
    .execute();

describe('the API documentation menu (tool/swagger)', () => {
  it('is in the sidebar of every registered user, under the system tools directory', async () => {
    const user = await t.signedIn();
    const info = await t.call({ method: 'GET', url: '/getInfo', token: user.token });
    expect(info.body.permissions).toContain('tool:swagger:list');
    const routers = (await t.call({ method: 'GET', url: '/getRouters', token: user.token })).body
      .data as RouterRecord[];
    const tool = routers.find((r) => r.path === '/tool');
    expect(tool).toMatchObject({ component: 'Layout', meta: { titleI18nKey: null, i18nKey: 'tool' } });
    expect(tool?.children).toEqual([
      expect.objectContaining({
        path: 'swagger',
        component: 'tool/swagger/index',
        meta: expect.objectContaining({ titleI18nKey: null, i18nKey: 'tool.swagger' }),
      }),
    ]);
  });

  it('is seeded once on a new database, granted to the default role only', async () => {
    expect(await menuRows()).toEqual([
      { menuId: 3, menuName: '系统工具', parentId: 0, perms: null, component: null },
      {
        menuId: 117,
        menuName: '系统接口',
        parentId: 3,
        perms: 'tool:swagger:list',
        component: 'tool/swagger/index',
      },
    ]);
    expect(await grantRows()).toEqual([{ roleId: 10, menuId: 117 }]);
  });

  it('is added to a database seeded before, once, keeping a row that already holds an id', async () => {
    await t.db.deleteFrom('sysRoleMenu').where('menuId', 'in', API_DOCS_MENU_IDS).execute();
    await t.db.deleteFrom('sysMenu').where('menuId', '=', 117).execute();
    await t.db.updateTable('sysMenu').set({ menuName: 'Our tools' }).where('menuId', '=', 3).execute();

    await addApiDocsMenu(t.db as never);
    await addApiDocsMenu(t.db as never);

    expect(await menuRows()).toEqual([
      { menuId: 3, menuName: 'Our tools', parentId: 0, perms: null, component: null },
      {
        menuId: 117,
        menuName: '系统接口',
        parentId: 3,
        perms: 'tool:swagger:list',
        component: 'tool/swagger/index',
      },
    ]);
    expect(await grantRows()).toEqual([{ roleId: 10, menuId: 117 }]);
  });
});
