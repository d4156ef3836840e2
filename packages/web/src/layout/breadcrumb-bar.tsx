import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Crumb } from '../router/use-route-meta.ts';

/**
 * Home first (unless already home), then the route chain; only the last crumb is plain text. On
 * one line (styles.css): `isCompact` (a phone) names the current page alone.
 */
export function BreadcrumbBar({ crumbs, isCompact }: { crumbs: Crumb[]; isCompact?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const all: Crumb[] =
    pathname === '/index' ? [{ title: t('home') }] : [{ title: t('home'), path: '/index' }, ...crumbs];
  return (
    <Breadcrumb
      className={isCompact ? 'breadcrumb-bar is-compact' : 'breadcrumb-bar'}
      items={all.map((crumb, index) => ({
        key: `${crumb.path ?? ''}-${index}`,
        title:
          crumb.path && index < all.length - 1 && index === 0 ? (
            <Link to={crumb.path}>{crumb.title}</Link>
          ) : (
            crumb.title
          ),
      }))}
    />
  );
}
