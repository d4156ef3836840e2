import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_GROUPS, findGroups } from '../router/route-tree.ts';
import { useSession } from '../stores/session.store.ts';
import { buildEntries, groupEntries, type MenuEntry } from './menu-items.tsx';

export interface MenuGroups {
  team: MenuEntry[];
  project: MenuEntry[];
  teamOptions: MenuEntry[];
  admin: MenuEntry[];
  all: MenuEntry[];
}

/**
 * Splits /getRouters into the sidebar's stacked groups. Team and project menus only make sense once a
 * team (and project) is selected; the admin section gathers admin, system, monitor and tool.
 */
export function useMenuGroups(): MenuGroups {
  const routes = useSession((s) => s.routes);
  const config = useSession((s) => s.config);
  const { i18n } = useTranslation();

  return useMemo(() => {
    void i18n.language;
    const teamId = config?.currentTeamId ?? 0;
    const projectId = config?.currentProjectId ?? 0;
    const pick = (name: string) => findGroups(routes, [name]).flatMap(groupEntries);
    const team = teamId > 0 ? pick('team') : [];
    const project = projectId > 0 ? pick('project') : [];
    const teamOptions = teamId > 0 ? pick('team-options') : [];
    const admin = findGroups(routes, ADMIN_GROUPS).flatMap((record) =>
      record.name.toLowerCase() === 'admin' ? groupEntries(record) : buildEntries([record], '/'),
    );
    return { team, project, teamOptions, admin, all: [...team, ...project, ...teamOptions, ...admin] };
  }, [routes, config, i18n.language]);
}
