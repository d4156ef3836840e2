import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { http } from '../../lib/http.ts';
import { useSession } from '../../stores/session.store.ts';

export const PROJECT_LIST_PATH = '/team/project-list';

/** The current team as the session knows it (0: none chosen yet). */
export function useCurrentTeamId(): number {
  return useSession((s) => s.config?.currentTeamId ?? 0);
}

export function useCurrentProjectId(): number {
  return useSession((s) => s.config?.currentProjectId ?? 0);
}

export const saveUserConfig = (body: { currentTeamId?: number; currentProjectId?: number }) =>
  http.put('/system/user-config', body);

/**
 * Makes a team current: the project is reset, the session (and with it the menus, which depend on
 * the roles held in that team) is reloaded, then the team's project list opens.
 */
export function useSwitchTeam() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const loadSession = useSession((s) => s.loadSession);
  return async (teamId: number) => {
    await saveUserConfig({ currentTeamId: teamId, currentProjectId: 0 });
    await loadSession();
    // Already on the list: its data belongs to the old team, so it is fetched again.
    if (pathname === PROJECT_LIST_PATH) await queryClient.invalidateQueries({ queryKey: ['projects'] });
    await queryClient.invalidateQueries({ queryKey: ['teams'] });
    navigate(PROJECT_LIST_PATH);
  };
}
