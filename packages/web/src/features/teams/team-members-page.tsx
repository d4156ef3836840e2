import { LockOutlined, PlusOutlined, UnlockOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Member } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { MemberNameplate } from '../../components/member-nameplate.tsx';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RoleMultiSelect } from '../../components/role-multi-select.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
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

const FILTERS = ['search'] as const;
const isCreator = (member: Member) => member.roleIds.includes(TEAM_CREATOR_ROLE_ID);
const isLocked = (member: Member) => member.status === '1';

/** Members of the current team: roles per row, lock/unlock, invite and create. */
export default function TeamMembersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const teamId = useCurrentTeamId();
  const myId = useSession((s) => s.user?.userId);
  const list = useListParams(FILTERS);
  const roles = useTeamRoles(teamId);
  const [dialog, setDialog] = useState<'invite' | 'create' | undefined>(undefined);
  const query = useQuery({
    queryKey: teamKeys.members(teamId, list.query),
    queryFn: () =>
      listTeamMembers(teamId, {
        pageNum: list.pageNum,
        pageSize: list.pageSize,
        params: { search: list.filters.search },
      }),
    enabled: teamId > 0,
  });
  const table = usePagedTable(query, list, 'userId');

  const run = async (call: Promise<unknown>) => {
    await call;
    message.success(t('modify-success'));
    await queryClient.invalidateQueries({ queryKey: ['teams', 'members', teamId] });
  };
  const isFixed = (member: Member) => isCreator(member) || member.userId === myId;

  const columns: TableColumnsType<Member> = [
    {
      title: t('member.name'),
      key: 'member',
      render: (_v, member) => <MemberNameplate person={member} isMuted={isLocked(member)} />,
    },
    {
      title: t('role'),
      key: 'roles',
      width: 250,
      render: (_v, member) => (
        <RoleMultiSelect
          value={member.roleIds}
          options={isCreator(member) ? roles.all : roles.assignable}
          disabled={isFixed(member) || isLocked(member)}
          onChange={(ids) => void run(updateTeamMemberRoles(teamId, member.userId, ids)).catch(() => {})}
        />
      ),
    },
    {
      title: t('email'),
      dataIndex: 'email',
      width: 200,
      ellipsis: true,
      render: (email: string | null, member) => (
        <Typography.Text type={isLocked(member) ? 'secondary' : undefined}>{email}</Typography.Text>
      ),
    },
    { title: t('phone-number'), dataIndex: 'phoneNumber', width: 150 },
    { title: t('member.register-time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('operate'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_v, member) =>
        isFixed(member) ? null : (
          <RowAction
            permi={['system:team:member:lock']}
            danger={!isLocked(member)}
            icon={isLocked(member) ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => void run(lockTeamMember(teamId, member.userId, !isLocked(member))).catch(() => {})}
          >
            {t(isLocked(member) ? 'unlock' : 'lock')}
          </RowAction>
        ),
    },
  ];

  return (
    <Card>
      <PageHeaderBar title={t('member.manage')} />
      <ListToolbar onRefresh={() => void query.refetch()}>
        <DebouncedSearch
          value={list.filters.search ?? ''}
          placeholder={t('team.search-placeholder')}
          onSearch={(search) => list.search({ search })}
        />
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
      </ListToolbar>
      <Table<Member> {...table} columns={columns} />
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
    </Card>
  );
}
