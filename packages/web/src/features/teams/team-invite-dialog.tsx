import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PeopleSelect } from '../../components/people-select.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { inviteMembers, listTeamNotMembers, teamKeys } from './teams.api.ts';

interface TeamInviteDialogProps {
  teamId: number;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
}

interface InviteValues {
  memberIds: number[];
  roleIds: number[];
}

/** Invite registered people who are not in the team yet, with the roles they get. */
export function TeamInviteDialog({ teamId, isOpen, roleOptions, onClose }: TeamInviteDialogProps) {
  const { t } = useTranslation();
  const dialog = useFormDialog<InviteValues>({
    isOpen,
    isCreate: true,
    save: (values) => inviteMembers(teamId, values.memberIds, values.roleIds),
    invalidate: [
      ['teams', 'members', teamId],
      ['teams', 'not-members', teamId],
    ],
    onClose,
  });
  return (
    <FormDialog dialog={dialog} name="team-invite" title={t('team.invite-members')} width={440}>
      <Form.Item
        name="memberIds"
        label={t('member')}
        rules={[{ required: true, message: t('member.people-required') }]}
      >
        <PeopleSelect
          queryKey={(search) => teamKeys.notMembers(teamId, search)}
          fetch={(search) => listTeamNotMembers(teamId, search)}
        />
      </Form.Item>
      <Form.Item
        name="roleIds"
        label={t('role')}
        rules={[{ required: true, message: t('member.role-required') }]}
      >
        <Select mode="multiple" options={roleOptions} placeholder={t('select')} />
      </Form.Item>
    </FormDialog>
  );
}
