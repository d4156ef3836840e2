import type { RouterRecord } from '@buglet/contracts';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { translateOr } from '../lib/i18n.ts';
import { useSession } from '../stores/session.store.ts';
import { type FlatRoute, flattenRoutes, joinPath } from './route-tree.ts';
import { STATIC_ROUTES } from './static-routes.ts';

export interface Crumb {
  title: string;
  path?: string;
}

export interface RouteMeta {
  title: string;
  crumbs: Crumb[];
  activeMenu: string;
}

export const recordTitle = (record: RouterRecord): string =>
  translateOr(record.meta.i18nKey ?? record.meta.titleI18nKey, record.meta.title);

function resolveMeta(pathname: string, flat: FlatRoute[], t: TFunction): RouteMeta {
  const dynamic = flat.find((r) => r.path === pathname);
  if (dynamic) {
    let parent = '/';
    const crumbs = dynamic.chain.map((record) => {
      parent = joinPath(parent, record.path);
      return { title: recordTitle(record), path: parent };
    });
    return { title: crumbs[crumbs.length - 1]?.title ?? '', crumbs, activeMenu: pathname };
  }
  const known = STATIC_ROUTES.find((r) => matchPath(r.path, pathname));
  const title = known ? t(known.titleKey) : '';
  return { title, crumbs: title ? [{ title }] : [], activeMenu: known?.activeMenu ?? pathname };
}

/** Resolves title and breadcrumb of any path, from the server menus or the static route table. */
export function useMetaResolver(): (pathname: string) => RouteMeta {
  const routes = useSession((s) => s.routes);
  const { t, i18n } = useTranslation();
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  // i18n.language is a dependency so titles are re-translated after a language switch.
  const language = i18n.language;
  return useCallback(
    (pathname: string) => {
      void language;
      return resolveMeta(pathname, flat, t);
    },
    [flat, t, language],
  );
}

export function useRouteMeta(): RouteMeta {
  const { pathname } = useLocation();
  const resolve = useMetaResolver();
  return useMemo(() => resolve(pathname), [resolve, pathname]);
}
