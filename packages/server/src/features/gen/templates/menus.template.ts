import type { GenModel } from '../gen-model.ts';
import { lines, str, textKey } from './code.ts';

export const BUTTONS: Array<[action: string, name: string]> = [
  ['query', '查询'],
  ['add', '新增'],
  ['edit', '修改'],
  ['remove', '删除'],
  ['export', '导出'],
];

/** 'screenSize' -> 'SCREEN_SIZE'. */
export const constantName = (m: GenModel) => m.fileBase.replace(/-/g, '_').toUpperCase();

/**
 * `packages/server/src/features/<name>/<name>.menus.ts`: the page and its buttons as seed lines of
 * `db/seed/menus.ts`, with ids from the first free one when the code was generated.
 */
export function menusFile(m: GenModel): string {
  const K = constantName(m);
  const pageLine = [
    `id: ${m.menuId}`,
    `parent: ${m.parentMenuId}`,
    `name: ${str(m.functionName)}`,
    `key: ${str(textKey(m, 'menu'))}`,
    "type: 'C'",
    `path: ${str(m.businessName)}`,
    `component: ${str(m.component)}`,
    `perms: ${str(`${m.permPrefix}:list`)}`,
    "icon: '#'",
    'order: 1',
  ];
  return lines(
    "import type { MenuSeed } from '../../db/seed/menus.ts';",
    '',
    '/**',
    ' * The page and its buttons: add them to MENUS in db/seed/menus.ts (a new database seeds them),',
    ` * and in the migration that brings the page call \`addSeededMenus(db, ${K}_MENU_IDS, <date>)\`.`,
    ' * Grant them to roles in the menu page; the super administrator holds them at once.',
    ' */',
    `export const ${K}_MENUS: MenuSeed[] = [`,
    '  {',
    pageLine.map((p) => `    ${p},`),
    '  },',
    BUTTONS.map(([action, name], i) =>
      [
        '  {',
        `    id: ${m.menuId + i + 1},`,
        `    parent: ${m.menuId},`,
        `    name: ${str(name)},`,
        `    key: ${str(`menu.button.${action}`)},`,
        "    type: 'F',",
        `    perms: ${str(`${m.permPrefix}:${action}`)},`,
        `    order: ${i + 1},`,
        '  },',
      ].join('\n'),
    ),
    '];',
    '',
    `export const ${K}_MENU_IDS = ${K}_MENUS.map((m) => m.id);`,
    '',
  );
}
