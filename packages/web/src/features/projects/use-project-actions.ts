import type { Project } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PasswordRequest } from '../../components/password-confirm-dialog.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useSession } from '../../stores/session.store.ts';
import { saveUserConfig } from '../teams/index.ts';
import {
  archiveProject,
  collectProject,
  deleteProject,
  projectKeys,
  restoreProject,
} from './projects.api.ts';

/** Opening a project lands on its defects, as in the original. */
export const PROJECT_HOME_PATH = '/project/defect';

/** Makes a project current and reloads the session, whose menus depend on the roles held there. */
export function useSwitchProject() {
  const loadSession = useSession((s) => s.loadSession);
  const queryClient = useQueryClient();
  return async (projectId: number) => {
    await saveUserConfig({ currentProjectId: projectId });
    await loadSession();
    await queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };
}

/** What a project row or card can do: open, follow, archive or restore, delete. */
export function useProjectActions(askPassword: (request: PasswordRequest) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const switchProject = useSwitchProject();
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.all });

  const open = async (project: Project) => {
    if (!project.isMember) {
      message.warning(t('project.no-permission-access-project'));
      return;
    }
    await switchProject(project.projectId);
    navigate(PROJECT_HOME_PATH);
  };

  const toggleCollect = async (project: Project) => {
    await collectProject(project.projectId, !project.collect);
    message.success(t(project.collect ? 'project.unfollow-success' : 'project.follow-success'));
    await refresh();
  };

  const toggleArchive = (project: Project) =>
    confirm({
      content: t(project.archived ? 'project.confirm-restore' : 'project.confirm-archive', {
        name: project.projectName,
      }),
      success: t(project.archived ? 'project.restore-success' : 'project.archive-success'),
      isDanger: !project.archived,
      action: async () => {
        await (project.archived ? restoreProject : archiveProject)(project.projectId);
        await refresh();
        // The session's permissions leave out an archived current project's write actions.
        if (project.projectId === useSession.getState().config?.currentProjectId) {
          await useSession.getState().loadSession();
        }
      },
    });

  const remove = (project: Project, onDeleted?: () => Promise<unknown>) =>
    askPassword({
      title: t('project.delete'),
      content: t('project.is-delete-project', { name: project.projectName }),
      action: async (password) => {
        await deleteProject(project.projectId, password);
        await onDeleted?.();
        await refresh();
      },
    });

  return {
    open: (project: Project) => void open(project).catch(() => {}),
    toggleCollect: (project: Project) => void toggleCollect(project).catch(() => {}),
    toggleArchive,
    remove,
  };
}
