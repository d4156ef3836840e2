import { useQuery } from '@tanstack/react-query';
import { roleOptions } from '../../components/role-multi-select.tsx';
import { listProjectRoles, PROJECT_ROLE, projectKeys } from './projects.api.ts';

/** Project roles as select options: all of them (to label the creator) and those that may be given. */
export function useProjectRoles() {
  const query = useQuery({ queryKey: projectKeys.roles, queryFn: listProjectRoles, staleTime: 5 * 60_000 });
  const roles = (query.data?.rows ?? []).filter((role) => role.isProjectRole);
  return { all: roleOptions(roles), assignable: roleOptions(roles, [PROJECT_ROLE.creator]) };
}
