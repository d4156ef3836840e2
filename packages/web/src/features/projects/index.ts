/** What other features use of projects: they import it from here only (npm run lint:layers). */
export { listProjectMembers, PROJECT_ROLE, projectKeys } from './projects.api.ts';
export { useCurrentProject } from './use-current-project.ts';
export { PROJECT_HOME_PATH, useSwitchProject } from './use-project-actions.ts';
