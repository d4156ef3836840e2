import type { RouterRecordOnWire } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { MenuTable } from '../../db/schema.ts';

export type MenuRow = Selectable<MenuTable>;

export interface MenuNode extends MenuRow {
  children: MenuNode[];
}

/** Nests a flat menu list by parentId, siblings by orderNum; orphans become roots. */
export function buildMenuTree(menus: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(menus.map((m) => [m.menuId, { ...m, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === 0 ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Adds every ancestor of the given menus, so a granted page brings its directories along. */
export function withAncestors(granted: MenuRow[], all: MenuRow[]): MenuRow[] {
  const byId = new Map(all.map((m) => [m.menuId, m]));
  const picked = new Map(granted.map((m) => [m.menuId, m]));
  for (const m of granted) {
    let parent = byId.get(m.parentId);
    while (parent && !picked.has(parent.menuId)) {
      picked.set(parent.menuId, parent);
      parent = byId.get(parent.parentId);
    }
  }
  return [...picked.values()];
}

const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/**
 * The menu-name keys the original's web client has in its own language files (its seeded menus,
 * original-ui §1.5). It shows `$t(titleI18nKey)` when a key is given and the raw title otherwise,
 * so any other key (the ones Buglet gives every menu) would show as the key itself there: those
 * travel as `i18nKey`, which Buglet's client reads first.
 */
const ORIGINAL_CLIENT_KEYS: ReadonlySet<string> = new Set([
  'member.manage',
  'system',
  'project.manage',
  'case',
  'defect.manage',
  'module',
  'report',
  'doc',
  'project.option',
  'tools',
  'browser.tool',
  'project.project-and-member',
  'project.base-info',
  'team',
  'team.option',
  'team.base-info',
]);

/**
 * The pages of the original's web client (its `views/<component>`: its seeded menus, original-backend
 * §2.7, and RuoYi's back office). A menu naming any other page is sent to that client hidden and
 * without a component, so it neither lists it nor tries to load a view it lacks ("Cannot find
 * module"); Buglet's own client reads the page from `meta.buglet`.
 */
const ORIGINAL_CLIENT_PAGES: ReadonlySet<string> = new Set([
  'system/project/index',
  'system/case/index',
  // Its 1.0 client's test plans and project dashboard (the seed-era one has no such views).
  'system/plan/index',
  'system/dashboard/index',
  'system/defect/index',
  'system/module/index',
  'system/report/index',
  'system/document/index',
  'system/project/option/index',
  'system/project/other/wechat/index',
  'notice/index',
  'system/project/other/ding/index',
  'system/api/index',
  'tool/project/index',
  'tool/project/browser/index',
  'system/project/member/index',
  'system/project/edit',
  'system/project/ai/index',
  'system/team/option/index',
  'system/team/option/base/index',
  'system/team/option/member/index',
  'system/team/index',
  // Its 1.0 client's list of every project, to lock (§13.8).
  'admin/project/index',
  'system/member/index',
  'system/user/index',
  'system/role/index',
  'system/menu/index',
  'system/dept/index',
  'system/post/index',
  'system/dict/index',
  'system/config/index',
  'system/notice/index',
  'monitor/operlog/index',
  'monitor/logininfor/index',
  'monitor/online/index',
  'monitor/job/index',
  'monitor/druid/index',
  'monitor/server/index',
  'monitor/cache/index',
  'monitor/cache/list',
  'tool/build/index',
  'tool/swagger/index',
  'tool/gen/index',
]);

/** Route records for the web client, following the original's rules (Layout, ParentView, links). */
export function toRouters(nodes: MenuNode[]): RouterRecordOnWire[] {
  return nodes
    .filter((n) => n.menuType !== 'F')
    .map((n) => {
      const isTop = n.parentId === 0;
      const isLink = n.isFrame === '0';
      const path = n.path ?? '';
      const children = n.children.filter((c) => c.menuType !== 'F');
      const record: RouterRecordOnWire = {
        name: capitalise(path.replace(/^https?:\/\//, '')),
        path: isTop && n.menuType === 'M' && !isLink ? `/${path}` : path,
        hidden: n.visible === '1',
        component:
          n.menuType === 'M' ? (isTop ? 'Layout' : 'ParentView') : isLink ? 'InnerLink' : (n.component ?? ''),
        query: n.query,
        meta: {
          title: n.menuName,
          titleI18nKey:
            n.menuNameI18nKey && ORIGINAL_CLIENT_KEYS.has(n.menuNameI18nKey) ? n.menuNameI18nKey : null,
          i18nKey: n.menuNameI18nKey,
          icon: n.icon,
          noCache: n.isCache === '1',
          link: isLink ? path : null,
        },
      };
      const page = record.component;
      if (n.menuType === 'C' && !isLink && page && !ORIGINAL_CLIENT_PAGES.has(page)) {
        record.meta.buglet = { component: page, hidden: record.hidden };
        record.component = null;
        record.hidden = true;
      }
      if (n.menuType === 'M' && children.length > 0) {
        record.alwaysShow = true;
        record.redirect = 'noRedirect';
        record.children = toRouters(children);
      }
      return record;
    });
}
