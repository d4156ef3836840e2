import { PlusOutlined } from '@ant-design/icons';
import { PROJECT_TABS, type Project, type ProjectTab } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { usePasswordConfirm } from '../../components/password-confirm-dialog.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import { useCurrentTeamId } from '../teams/index.ts';
import { FollowedProjects } from './followed-projects.tsx';
import { ProjectMemberAvatars } from './project-member-avatars.tsx';
import { ProjectNameplate } from './project-nameplate.tsx';
import { ProjectRowActions } from './project-row-actions.tsx';
import { listProjects, projectKeys } from './projects.api.ts';
import { useProjectActions } from './use-project-actions.ts';

const FILTERS = ['tab', 'projectName'] as const;
const DEFAULT_TAB: ProjectTab = 'participated';
const TABS: { key: ProjectTab; labelKey: string }[] = [
  { key: 'all', labelKey: 'project.all-project' },
  { key: 'participated', labelKey: 'project.my-participated-in' },
  { key: 'managed', labelKey: 'project.my-manage' },
  { key: 'archived', labelKey: 'project.archived-project' },
  { key: 'followed', labelKey: 'project.followed' },
];
const FOLLOWED_PAGE = 99;

const isTab = (value: string | undefined): value is ProjectTab =>
  (PROJECT_TABS as readonly string[]).includes(value ?? '');

/** The current team's projects: tabs and name search in the URL, followed cards on top. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teamId = useCurrentTeamId();
  const list = useListParams(FILTERS);
  const tab = isTab(list.filters.tab) ? list.filters.tab : DEFAULT_TAB;
  const password = usePasswordConfirm();
  const actions = useProjectActions(password.ask);
  const listQuery = {
    teamId,
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    projectName: list.filters.projectName,
    params: { tab },
  };
  const query = useQuery({
    queryKey: projectKeys.list(listQuery),
    queryFn: () => listProjects(listQuery),
    enabled: teamId > 0,
  });
  const followedQuery = { teamId, pageNum: 1, pageSize: FOLLOWED_PAGE, params: { tab: 'followed' as const } };
  const followed = useQuery({
    queryKey: projectKeys.list(followedQuery),
    queryFn: () => listProjects(followedQuery),
    enabled: teamId > 0,
  });
  const table = usePagedTable(query, list, 'projectId');

  const columns: TableColumnsType<Project> = [
    {
      title: t('project.name'),
      key: 'project',
      render: (_v, project) => <ProjectNameplate project={project} />,
    },
    {
      title: t('update-time'),
      dataIndex: 'updateTime',
      width: 130,
      render: (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : ''),
    },
    {
      title: t('project.member'),
      key: 'members',
      width: 150,
      render: (_v, project) => <ProjectMemberAvatars project={project} />,
    },
    {
      title: t('status'),
      key: 'state',
      width: 100,
      render: (_v, project) =>
        project.archived ? (
          <Tag>{t('project.archived')}</Tag>
        ) : (
          <Tag color="green">{t('project.state-active')}</Tag>
        ),
    },
    {
      title: t('operate'),
      key: 'actions',
      fixed: 'right',
      render: (_v, project) => (
        <ProjectRowActions
          project={project}
          onCollect={() => actions.toggleCollect(project)}
          onArchive={() => actions.toggleArchive(project)}
          onDelete={() => actions.remove(project)}
        />
      ),
    },
  ];

  // Without a current team there is nothing to list: point at the team selector instead.
  if (teamId <= 0) {
    return (
      <Card>
        <Empty description={t('team.none-selected')}>
          <PermiButton
            permi={['system:team:add']}
            type="primary"
            onClick={() => navigate('/system/team/add-member')}
          >
            {t('team.create')}
          </PermiButton>
        </Empty>
      </Card>
    );
  }

  return (
    <>
      <FollowedProjects projects={followed.data?.rows ?? []} actions={actions} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(next) => list.search({ ...list.filters, tab: next })}
          items={TABS.map(({ key, labelKey }) => ({ key, label: t(labelKey) }))}
        />
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <DebouncedSearch
            value={list.filters.projectName ?? ''}
            placeholder={t('project.enter-project-name')}
            onSearch={(projectName) => list.search({ ...list.filters, projectName })}
          />
          <PermiButton
            permi={['system:project:add']}
            type="primary"
            ghost
            icon={<PlusOutlined />}
            onClick={() => navigate('/system/project/add-project')}
          >
            {t('project.create-project')}
          </PermiButton>
        </Flex>
        <Table<Project>
          {...table}
          columns={columns}
          onRow={(project) => ({ onClick: () => actions.open(project), style: { cursor: 'pointer' } })}
        />
      </Card>
      {password.dialog}
    </>
  );
}
