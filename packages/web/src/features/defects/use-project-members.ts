import type { Member } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { listProjectMembers, PROJECT_ROLE, projectKeys } from '../projects/index.ts';

const ALL_MEMBERS = { pageNum: 1, pageSize: 1000 };

/** Every member of the project, for handler pickers and filters (projects are small enough to load whole). */
export function useProjectMembers(projectId: number) {
  const query = useQuery({
    queryKey: projectKeys.members(projectId, ALL_MEMBERS),
    queryFn: () => listProjectMembers(projectId, ALL_MEMBERS),
    enabled: projectId > 0,
  });
  const members: Member[] = query.data?.rows ?? [];
  return { members, testers: members.filter((m) => m.roleIds.includes(PROJECT_ROLE.tester)) };
}
