import { isExternal, type RouterRecord } from '@buglet/contracts';
import type { MenuProps } from 'antd';
import { hasPage } from '../router/components.ts';
import { joinPath } from '../router/route-tree.ts';
import { recordTitle } from '../router/use-route-meta.ts';
import { menuIcon } from './menu-icon.tsx';

export type MenuItem = NonNullable<MenuProps['items']>[number];

export interface MenuEntry {
  /** Menu key: the absolute route path, or the URL of an external link. */
  key: string;
  title: string;
  record: RouterRecord;
  children?: MenuEntry[];
}

const visibleChildren = (record: RouterRecord) => (record.children ?? []).filter((c) => !c.hidden);

/**
 * A page we have not built yet stays routable (it shows the 404 page) but gets no menu entry, so
 * nobody clicks into it from the sidebar. Links and embedded frames always have their entry.
 */
const hasTarget = (record: RouterRecord) =>
  isExternal(record.path) || Boolean(record.meta.link) || hasPage(record.component);

/** Builds visible menu entries; a directory with one visible child collapses into that child. */
export function buildEntries(records: readonly RouterRecord[], parent: string): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const record of records) {
    if (record.hidden) continue;
    const path = isExternal(record.path) ? record.path : joinPath(parent, record.path);
    const children = visibleChildren(record);
    const only = children[0];
    if (children.length === 1 && only && !record.alwaysShow) {
      out.push(...buildEntries([only], path));
    } else if (children.length > 0) {
      const entries = buildEntries(children, path);
      if (entries.length > 0) out.push({ key: path, title: recordTitle(record), record, children: entries });
    } else if (!record.children?.length && hasTarget(record)) {
      out.push({ key: record.meta.link ?? path, title: recordTitle(record), record });
    }
  }
  return out;
}

/** The entries of a sidebar group: a top-level directory contributes its children. */
export function groupEntries(group: RouterRecord): MenuEntry[] {
  return buildEntries(visibleChildren(group), joinPath('/', group.path));
}

export function toMenuItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((entry) => ({
    key: entry.key,
    icon: menuIcon(entry.record.meta.icon),
    label: <span title={entry.title.length > 5 ? entry.title : undefined}>{entry.title}</span>,
    children: entry.children ? toMenuItems(entry.children) : undefined,
  }));
}

/** Flat list of leaf entries, used by the header search. */
export function leafEntries(entries: readonly MenuEntry[], prefix: string[] = []) {
  const out: { key: string; title: string }[] = [];
  for (const entry of entries) {
    const titles = [...prefix, entry.title];
    if (entry.children) out.push(...leafEntries(entry.children, titles));
    else out.push({ key: entry.key, title: titles.join(' > ') });
  }
  return out;
}

/** Keys of the submenus that lead to the given path, so the sidebar opens on the current page. */
export function ancestorKeys(entries: readonly MenuEntry[], path: string): string[] {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (path.startsWith(`${entry.key}/`)) return [entry.key, ...ancestorKeys(entry.children, path)];
  }
  return [];
}
