import type { RouterRecord } from '@buglet/contracts';
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

/** Route records for the web client, following the original's rules (Layout, ParentView, links). */
export function toRouters(nodes: MenuNode[]): RouterRecord[] {
  return nodes
    .filter((n) => n.menuType !== 'F')
    .map((n) => {
      const isTop = n.parentId === 0;
      const isLink = n.isFrame === '0';
      const path = n.path ?? '';
      const children = n.children.filter((c) => c.menuType !== 'F');
      const record: RouterRecord = {
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
      if (n.menuType === 'M' && children.length > 0) {
        record.alwaysShow = true;
        record.redirect = 'noRedirect';
        record.children = toRouters(children);
      }
      return record;
    });
}
