import { describe, expect, it } from 'vitest';
import { buildMenuTree, type MenuRow, toRouters, withAncestors } from './router-tree.ts';

const menu = (
  menuId: number,
  parentId: number,
  menuType: 'M' | 'C' | 'F',
  path: string,
  over: Partial<MenuRow> = {},
): MenuRow => ({
  menuId,
  parentId,
  menuType,
  path,
  menuName: `m${menuId}`,
  menuNameI18nKey: null,
  orderNum: menuId,
  component: menuType === 'C' ? `${path}/index` : null,
  query: null,
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  perms: null,
  icon: '#',
  createBy: null,
  createTime: null,
  updateBy: null,
  updateTime: null,
  remark: null,
  ...over,
});

describe('menu tree and routers', () => {
  const all = [
    menu(1, 0, 'M', 'system', { orderNum: 2 }),
    menu(108, 1, 'M', 'log'),
    menu(501, 108, 'C', 'logininfor', { component: 'monitor/logininfor/index' }),
    menu(600, 108, 'C', 'database', { component: 'monitor/database/index', visible: '1' }),
    menu(100, 1, 'C', 'user', { orderNum: 1, component: 'system/user/index' }),
    menu(1000, 100, 'F', ''),
    menu(2043, 0, 'M', 'team', { orderNum: 1 }),
    menu(2000, 2043, 'C', 'project-list', { visible: '1', component: 'system/project/index' }),
    menu(9, 0, 'C', 'https://example.com', { isFrame: '0' }),
  ];

  it('nests by parent and sorts siblings by order', () => {
    const tree = buildMenuTree(all);
    expect(tree.map((n) => n.menuId)).toEqual([2043, 1, 9]);
    expect(tree[1]?.children.map((n) => n.menuId)).toEqual([100, 108]);
  });

  it('builds Layout, ParentView, pages, hidden flags and links; buttons are left out', () => {
    const routers = toRouters(buildMenuTree(all));
    const system = routers.find((r) => r.path === '/system');
    expect(system).toMatchObject({
      component: 'Layout',
      alwaysShow: true,
      redirect: 'noRedirect',
      name: 'System',
    });
    expect(system?.children?.map((c) => c.path)).toEqual(['user', 'log']);
    expect(system?.children?.[1]).toMatchObject({
      component: 'ParentView',
      children: [{ path: 'logininfor', component: 'monitor/logininfor/index' }, { path: 'database' }],
    });
    // A page the original's client lacks: hidden from it, no component to load; ours reads meta.buglet.
    expect(system?.children?.[1]?.children?.[1]).toMatchObject({
      hidden: true,
      component: null,
      meta: { buglet: { component: 'monitor/database/index', hidden: true } },
    });
    expect(system?.children?.[1]?.children?.[0]?.meta.buglet).toBeUndefined();
    expect(system?.children?.[0]?.children).toBeUndefined();
    const team = routers.find((r) => r.path === '/team');
    expect(team?.children?.[0]).toMatchObject({ name: 'Project-list', hidden: true });
    const link = routers.find((r) => r.meta.link);
    expect(link).toMatchObject({ component: 'InnerLink', meta: { link: 'https://example.com' } });
  });

  it('brings the directories of granted pages along', () => {
    const granted = withAncestors([all[2] as MenuRow], all);
    expect(granted.map((m) => m.menuId).sort((a, b) => a - b)).toEqual([1, 108, 501]);
  });
});
