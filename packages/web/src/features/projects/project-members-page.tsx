import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Member } from '@buglet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLockedMember, MembersCard } from '../../components/members-card.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { personName } from '../../lib/person-name.ts';
import { useSession } from '../../stores/session.store.ts';
import { ProjectMemberAddDialog } from './project-member-add-dialog.tsx';
import {
  listProjectMembers,
  PROJECT_ROLE,
  projectKeys,
  removeProjectMember,
  updateProjectMemberRoles,
} from './projects.api.ts';
import { useCurrentProject } from './use-current-project.ts';
import { useProjectRoles } from './use-project-roles.ts';

const isCreator = (member: Member) => member.roleIds.includes(PROJECT_ROLE.creator);

/** Members of the current project: roles per row, removal, and adding people from the team. */
export default function ProjectMembersPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const myId = useSession((s) => s.user?.userId);
  const { projectId, project } = useCurrentProject();
  const roles = useProjectRoles();
  const [isAdding, setAdding] = useState(false);
  const isReadOnly = project?.archived === true;

  return (
    <MembersCard
      title={t('project.member-manage')}
      searchPlaceholder={t('team.search-placeholder')}
      queryKey={(query) => projectKeys.members(projectId, query)}
      reloadKey={['projects', 'members', projectId]}
      fetch={(query) => listProjectMembers(projectId, query)}
      isEnabled={projectId > 0}
      roleOptions={(member) => (isCreator(member) ? roles.all : roles.assignable)}
      isRoleFixed={(member) => isCreator(member) || isLockedMember(member) || isReadOnly}
      saveRoles={(member, roleIds) => updateProjectMemberRoles(projectId, member.userId, roleIds)}
      actionWidth={100}
      rowAction={(member, { reload }) =>
        isCreator(member) || member.userId === myId || isReadOnly ? null : (
          <RowAction
            permi={['system:project:member:remove']}
            danger
            icon={<DeleteOutlined />}
            onClick={() =>
              confirm({
                content: t('project.is-delete-member', { name: personName(member) }),
                action: async () => {
                  await removeProjectMember(projectId, member.userId);
                  await reload();
                },
              })
            }
          >
            {t('delete')}
          </RowAction>
        )
      }
      actions={
        <PermiButton
          permi={['system:project:member:add']}
          type="primary"
          ghost
          icon={<UserAddOutlined />}
          disabled={isReadOnly}
          onClick={() => setAdding(true)}
        >
          {t('project.add-member')}
        </PermiButton>
      }
    >
      <ProjectMemberAddDialog
        projectId={projectId}
        isOpen={isAdding}
        roleOptions={roles.assignable}
        onClose={() => setAdding(false)}
      />
    </MembersCard>
  );
}
