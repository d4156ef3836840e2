import { useQuery } from '@tanstack/react-query';
import { useCurrentProjectId } from '../teams/index.ts';
import { getProject, projectKeys } from './projects.api.ts';

/** The project the session has selected, loaded once and shared by the project pages. */
export function useCurrentProject() {
  const projectId = useCurrentProjectId();
  const query = useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => getProject(projectId),
    enabled: projectId > 0,
  });
  return { projectId, project: query.data?.data, isLoading: query.isLoading };
}
