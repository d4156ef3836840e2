import { SUPER_ADMIN_ID } from '@buglet/contracts';
import { useTranslation } from 'react-i18next';
import { AddPeopleDialog } from '../../components/add-people-dialog.tsx';
import { useSession } from '../../stores/session.store.ts';
import { inviteMembers, listTeamNotMembers, teamKeys } from './teams.api.ts';

interface TeamInviteDialogProps {
  teamId: number;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
}

/**
 * Invite registered people who are not in the team yet, with the roles they get: each becomes a
 * member on accepting the invitation. The super administrator adds at once (the server tells them
 * by a notice), and the dialog says so.
 */
export function TeamInviteDialog({ teamId, isOpen, roleOptions, onClose }: TeamInviteDialogProps) {
  const { t } = useTranslation();
  const isAddedAtOnce = useSession((s) => s.user?.userId === SUPER_ADMIN_ID);
  return (
    <AddPeopleDialog
      name="team-invite"
      title={t(isAddedAtOnce ? 'team.add-members' : 'team.invite-members')}
      isOpen={isOpen}
      roleOptions={roleOptions}
      candidates={{
        queryKey: (search) => teamKeys.notMembers(teamId, search),
        fetch: (search) => listTeamNotMembers(teamId, search),
      }}
      save={(memberIds, roleIds) => inviteMembers(teamId, memberIds, roleIds)}
      // The server's answer says how many were invited or added.
      successText={(answer) => (answer as { msg?: string } | undefined)?.msg}
      searchHint={t(isAddedAtOnce ? 'team.add-search-hint' : 'team.invite-search-hint')}
      invalidate={[
        ['teams', 'members', teamId],
        ['teams', 'not-members', teamId],
      ]}
      onClose={onClose}
    />
  );
}
