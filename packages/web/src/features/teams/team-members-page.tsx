import { LockOutlined, PlusOutlined, UnlockOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Member } from '@buglet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLockedMember, MembersCard } from '../../components/members-card.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useSession } from '../../stores/session.store.ts';
import { TeamInviteDialog } from './team-invite-dialog.tsx';
import { TeamMemberCreateDialog } from './team-member-create-dialog.tsx';
import {
  listTeamMembers,
  lockTeamMember,
  TEAM_CREATOR_ROLE_ID,
  teamKeys,
  updateTeamMemberRoles,
} from './teams.api.ts';
import { useCurrentTeamId } from './use-team-context.ts';
import { useTeamRoles } from './use-team-roles.ts';

const isCreator = (member: Member) => member.roleIds.includes(TEAM_CREATOR_ROLE_ID);

/** Members of the current team: roles per row, lock/unlock, invite and create. */
export default function TeamMembersPage() {
  const { t } = useTranslation();
  const teamId = useCurrentTeamId();
  const myId = useSession((s) => s.user?.userId);
  const roles = useTeamRoles(teamId);
  const [dialog, setDialog] = useState<'invite' | 'create' | undefined>(undefined);
  // Neither the creator nor oneself is locked out or has their roles changed here.
  const isFixed = (member: Member) => isCreator(member) || member.userId === myId;

  return (
    <MembersCard
      title={t('member.manage')}
      searchPlaceholder={t('team.search-placeholder')}
      queryKey={(query) => teamKeys.members(teamId, query)}
      reloadKey={['teams', 'members', teamId]}
      fetch={(query) => listTeamMembers(teamId, query)}
      isEnabled={teamId > 0}
      roleOptions={(member) => (isCreator(member) ? roles.all : roles.assignable)}
      isRoleFixed={(member) => isFixed(member) || isLockedMember(member)}
      saveRoles={(member, roleIds) => updateTeamMemberRoles(teamId, member.userId, roleIds)}
      actionWidth={120}
      rowAction={(member, { saved }) =>
        isFixed(member) ? null : (
          <RowAction
            permi={['system:team:member:lock']}
            danger={!isLockedMember(member)}
            icon={isLockedMember(member) ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() =>
              void lockTeamMember(teamId, member.userId, !isLockedMember(member))
                .then(saved)
                .catch(() => {})
            }
          >
            {t(isLockedMember(member) ? 'unlock' : 'lock')}
          </RowAction>
        )
      }
      actions={
        <>
          <PermiButton
            permi={['system:team:member:invite']}
            icon={<UserAddOutlined />}
            onClick={() => setDialog('invite')}
          >
            {t('team.invite-members')}
          </PermiButton>
          <PermiButton
            permi={['system:team:member:create']}
            type="primary"
            ghost
            icon={<PlusOutlined />}
            onClick={() => setDialog('create')}
          >
            {t('team.create-member')}
          </PermiButton>
        </>
      }
    >
      <TeamInviteDialog
        teamId={teamId}
        isOpen={dialog === 'invite'}
        roleOptions={roles.assignable}
        onClose={() => setDialog(undefined)}
      />
      <TeamMemberCreateDialog
        teamId={teamId}
        isOpen={dialog === 'create'}
        roleOptions={roles.assignable}
        onClose={() => setDialog(undefined)}
      />
    </MembersCard>
  );
}
