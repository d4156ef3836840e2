import { useTranslation } from 'react-i18next';
import { AddPeopleDialog } from '../../components/add-people-dialog.tsx';
import { inviteMembers, listTeamNotMembers, teamKeys } from './teams.api.ts';

interface TeamInviteDialogProps {
  teamId: number;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
}

/**
 * Invite registered people who are not in the team yet, with the roles they get: each becomes a
 * member on accepting the invitation (the super administrator adds at once).
 */
export function TeamInviteDialog({ teamId, isOpen, roleOptions, onClose }: TeamInviteDialogProps) {
  const { t } = useTranslation();
  return (
    <AddPeopleDialog
      name="team-invite"
      title={t('team.invite-members')}
      isOpen={isOpen}
      roleOptions={roleOptions}
      candidates={{
        queryKey: (search) => teamKeys.notMembers(teamId, search),
        fetch: (search) => listTeamNotMembers(teamId, search),
      }}
      save={(memberIds, roleIds) => inviteMembers(teamId, memberIds, roleIds)}
      // Someone invited becomes a member on accepting; the server's answer says how many were invited.
      successText={(answer) => (answer as { msg?: string } | undefined)?.msg}
      searchHint={t('team.invite-search-hint')}
      invalidate={[
        ['teams', 'members', teamId],
        ['teams', 'not-members', teamId],
      ]}
      onClose={onClose}
    />
  );
}
