import type { RouterRecord } from '@buglet/contracts';
import { isExternal } from '@buglet/contracts/format';

/** Components that only structure the tree; every other component string names a page. */
const STRUCTURAL = new Set(['Layout', 'ParentView', 'layout', 'parentView']);

export interface FlatRoute {
  /** Absolute path, e.g. /system/log/logininfor. */
  path: string;
  component: string;
  /** Records from the top-level directory down to the page, for breadcrumb and title. */
  chain: RouterRecord[];
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child.replace(/\/+$/, '') || '/';
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return child ? `${base}/${child}` : base || '/';
}

/** Every routable page (hidden ones included) with its absolute path. */
export function flattenRoutes(records: readonly RouterRecord[], parent = '/', chain: RouterRecord[] = []) {
  const out: FlatRoute[] = [];
  for (const record of records) {
    if (isExternal(record.path)) continue;
    const path = joinPath(parent, record.path);
    const nextChain = [...chain, record];
    if (record.children?.length) out.push(...flattenRoutes(record.children, path, nextChain));
    else if (!STRUCTURAL.has(record.component))
      out.push({ path, component: record.component, chain: nextChain });
  }
  return out;
}

/** Top-level records whose name matches one of the given group names (case-insensitive). */
export function findGroups(records: readonly RouterRecord[], names: readonly string[]): RouterRecord[] {
  const wanted = names.map((n) => n.toLowerCase());
  return records.filter((r) => wanted.includes(r.name.toLowerCase()));
}

export const ADMIN_GROUPS = ['admin', 'system', 'monitor', 'tool'] as const;
