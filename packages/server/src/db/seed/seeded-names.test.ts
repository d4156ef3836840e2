import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { up as keySeededNames } from '../migrations/015-seeded-name-keys.ts';
import { DEFAULT_ADMIN_NICK_NAME } from './admin.ts';
import { MENUS } from './menus.ts';
import { ROOT_DEPT, SEEDED_POSTS } from './org.ts';
import { CONFIGS, DICTIONARIES, ROLES } from './reference-data.ts';

const locale = (name: string) =>
  JSON.parse(
    fs.readFileSync(new URL(`../../../../web/src/locales/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
const zhCN = locale('zh_CN');
const enUS = locale('en_US');

const isChinese = (text: string | undefined) => /[\u3400-\u9fff\uf900-\ufaff]/.test(text ?? '');

/** Menus and roles carry their key in the row; the web translates by it. */
const KEYED = [...MENUS.map((m) => [m.key, m.name]), ...ROLES.map((r) => [r.key, r.roleName])];
/**
 * Texts the web translates by a key derived from the row, only while the row still holds the
 * seeded text (someone's own wording stays as typed): so their zh_CN text is the seeded one.
 */
const UNTIL_CHANGED = [
  ...DICTIONARIES.flatMap((d) => [
    [`dict.name.${d.type}`, d.name],
    ...d.data.map(([value, label]) => [`dict.${d.type}.${value}`, label]),
  ]),
  ...CONFIGS.map((c) => [`config.name.${c.key}`, c.name]),
  ['user.admin-nick-name', DEFAULT_ADMIN_NICK_NAME],
  ...SEEDED_POSTS.map((p) => [`post.name.${p.postCode}`, p.postName]),
  ['dept.name.root', ROOT_DEPT.deptName],
];

describe('seeded names', () => {
  it('each have a key with an English text in the web locales', () => {
    const untranslated = [...KEYED, ...UNTIL_CHANGED].filter(
      ([key]) => !key || !zhCN[key] || !enUS[key] || isChinese(enUS[key]),
    );
    expect(untranslated).toEqual([]);
  });

  it('translated while unchanged have the seeded text as their Chinese text', () => {
    expect(UNTIL_CHANGED.filter(([key, text]) => zhCN[key ?? ''] !== text)).toEqual([]);
  });
});

describe('migration 015 on a database seeded before', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const menuKey = async (menuId: number) =>
    (
      await t.db
        .selectFrom('sysMenu')
        .select('menuNameI18nKey')
        .where('menuId', '=', menuId)
        .executeTakeFirst()
    )?.menuNameI18nKey;
  const roleKey = async (roleId: number) =>
    (
      await t.db
        .selectFrom('sysRole')
        .select('roleNameI18nKey')
        .where('roleId', '=', roleId)
        .executeTakeFirst()
    )?.roleNameI18nKey;

  it('keys the seeded rows left without one, and leaves renamed rows and own keys alone', async () => {
    // As the original seeded them: no key on the chat platforms, AI settings, buttons, role 1 to 3.
    await t.db
      .updateTable('sysMenu')
      .set({ menuNameI18nKey: null })
      .where('menuId', 'in', [2100, 2114, 1000])
      .execute();
    await t.db
      .updateTable('sysRole')
      .set({ roleNameI18nKey: null })
      .where('roleId', 'in', [1, 2, 3])
      .execute();
    // Someone renamed the DingTalk page's button and role 3, and keyed role 2 themselves.
    await t.db.updateTable('sysMenu').set({ menuName: 'Look up' }).where('menuId', '=', 2115).execute();
    await t.db.updateTable('sysMenu').set({ menuNameI18nKey: null }).where('menuId', '=', 2115).execute();
    await t.db.updateTable('sysRole').set({ roleName: 'Guests' }).where('roleId', '=', 3).execute();
    await t.db
      .updateTable('sysRole')
      .set({ roleNameI18nKey: 'my.own-key' })
      .where('roleId', '=', 2)
      .execute();

    await keySeededNames(t.db as never);

    expect(await menuKey(2100)).toBe('menu.project-ai');
    expect(await menuKey(2114)).toBe('menu.ding');
    expect(await menuKey(1000)).toBe('menu.button.query');
    expect(await roleKey(1)).toBe('role.super-admin');
    expect(await menuKey(2115)).toBeNull();
    expect(await roleKey(3)).toBeNull();
    expect(await roleKey(2)).toBe('my.own-key');
  });
});
