/** What other features use of teams: they import it from here only (npm run lint:layers). */
export { NoTeamGuide } from './no-team-guide.tsx';
export { listTeamMembers, teamKeys } from './teams.api.ts';
export {
  PROJECT_LIST_PATH,
  saveUserConfig,
  useCurrentProjectId,
  useCurrentTeamId,
} from './use-team-context.ts';
