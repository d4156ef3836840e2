import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
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
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
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

const FILTERS = ['search'] as const;
const isCreator = (member: Member) => member.roleIds.includes(PROJECT_ROLE.creator);
const isLocked = (member: Member) => member.status === '1';

/** Members of the current project: roles per row, removal, and adding people from the team. */
export default function ProjectMembersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const myId = useSession((s) => s.user?.userId);
  const { projectId, project } = useCurrentProject();
  const roles = useProjectRoles();
  const list = useListParams(FILTERS);
  const [isAdding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: projectKeys.members(projectId, list.query),
    queryFn: () =>
      listProjectMembers(projectId, {
        pageNum: list.pageNum,
        pageSize: list.pageSize,
        params: { search: list.filters.search },
      }),
    enabled: projectId > 0,
  });
  const table = usePagedTable(query, list, 'userId');
  const isReadOnly = project?.archived === true;
  // The list reloads after a failed change too, so the select shows what the server kept.
  const reload = () => queryClient.invalidateQueries({ queryKey: ['projects', 'members', projectId] });

  const changeRoles = (member: Member, roleIds: number[]) =>
    void updateProjectMemberRoles(projectId, member.userId, roleIds)
      .then(() => message.success(t('modify-success')))
      .catch(() => {})
      .finally(() => void reload());

  const askRemove = (member: Member) =>
    confirm({
      content: t('project.is-delete-member', { name: personName(member) }),
      action: async () => {
        await removeProjectMember(projectId, member.userId);
        await reload();
      },
    });

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
          disabled={isCreator(member) || isLocked(member) || isReadOnly}
          onChange={(ids) => changeRoles(member, ids)}
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
      width: 100,
      fixed: 'right',
      render: (_v, member) =>
        isCreator(member) || member.userId === myId || isReadOnly ? null : (
          <RowAction
            permi={['system:project:member:remove']}
            danger
            icon={<DeleteOutlined />}
            onClick={() => askRemove(member)}
          >
            {t('delete')}
          </RowAction>
        ),
    },
  ];

  return (
    <Card>
      <PageHeaderBar title={t('project.member-manage')} />
      <ListToolbar onRefresh={() => void query.refetch()}>
        <DebouncedSearch
          value={list.filters.search ?? ''}
          placeholder={t('team.search-placeholder')}
          onSearch={(search) => list.search({ search })}
        />
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
      </ListToolbar>
      <Table<Member> {...table} columns={columns} />
      <ProjectMemberAddDialog
        projectId={projectId}
        isOpen={isAdding}
        roleOptions={roles.assignable}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}
