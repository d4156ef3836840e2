import { useQuery } from '@tanstack/react-query';
import { roleOptions } from '../../components/role-multi-select.tsx';
import { listTeamRoles, TEAM_CREATOR_ROLE_ID, teamKeys } from './teams.api.ts';

/** Team roles as select options: every team role (to label a creator) and those that may be given. */
export function useTeamRoles(teamId: number) {
  const query = useQuery({
    queryKey: teamKeys.roles(teamId),
    queryFn: () => listTeamRoles(teamId),
    enabled: teamId > 0,
    staleTime: 5 * 60_000,
  });
  const roles = (query.data?.data ?? []).filter((role) => role.isTeamRole);
  return {
    all: roleOptions(roles),
    assignable: roleOptions(roles, [TEAM_CREATOR_ROLE_ID]),
  };
}
