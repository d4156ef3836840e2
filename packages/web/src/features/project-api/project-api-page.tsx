import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { API_FAILING_IN_ROW, API_KEY_HEADER, type ProjectApi } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import { useCurrentProject } from '../projects/index.ts';
import { ApiRefusalsDrawer } from './api-refusals-drawer.tsx';
import { KeyCreatedDialog } from './key-created-dialog.tsx';
import {
  deleteProjectApis,
  exportProjectApis,
  listProjectApis,
  projectApiKeys,
  updateProjectApi,
} from './project-api.api.ts';
import { CapabilityCell, ExpireCell, LastUsedCell, WhiteListCell } from './project-api-cells.tsx';
import { ProjectApiDialog } from './project-api-dialog.tsx';
import { maskedKey } from './project-api-rules.ts';
import { WebhooksCard } from './webhooks-card.tsx';

const LIST_KEYS = ['apiName'] as const;

/**
 * The project's API keys: the Open API's callers (test runners, log reporters). A key is shown whole
 * when created and in the list until its first call or for a day (the server decides, with
 * `keyShownUntil`), then by its public id only. Below the keys, the project's outgoing webhooks.
 */
export default function ProjectApiPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { projectId } = useCurrentProject();
  const canEdit = usePermi(['system:api:edit']);
  const list = useListParams(LIST_KEYS);
  const apiName = list.filters.apiName ?? '';
  const editing = useEditTarget<ProjectApi>();
  const [created, setCreated] = useState<ProjectApi>();
  const [refusalsOf, setRefusalsOf] = useState<ProjectApi>();

  const filterQuery = { projectId, ...(apiName ? { apiName } : {}) };
  const tableQuery = { ...filterQuery, pageNum: list.pageNum, pageSize: list.pageSize };
  const query = useQuery({
    queryKey: projectApiKeys.list(tableQuery),
    queryFn: () => listProjectApis(tableQuery),
    enabled: projectId > 0,
  });
  const tableProps = usePagedTable(query, list, 'apiId');
  const reload = () => queryClient.invalidateQueries({ queryKey: projectApiKeys.all });

  const toggle = useMutation({
    mutationFn: (body: { apiId: string; enabled: boolean }) => updateProjectApi(body),
    onSuccess: (_answer, body) => {
      message.success(t(body.enabled ? 'api.enabled-done' : 'api.disabled-done'));
      void reload();
    },
  });

  const remove = (api: ProjectApi) =>
    confirm({
      content: t('api.delete-confirm', { name: api.apiName }),
      action: async () => {
        await deleteProjectApis([api.apiId]);
        await reload();
      },
    });

  const columns: TableColumnsType<ProjectApi> = [
    {
      title: t('api.name'),
      dataIndex: 'apiName',
      render: (_, api) => (
        <Flex vertical style={{ maxWidth: 240 }}>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{api.apiName}</Typography.Text>
            {api.refusedInRow >= API_FAILING_IN_ROW ? (
              <Tooltip title={t('api.failing-help', { count: api.refusedInRow })}>
                <Tag color="error" data-testid="api-failing">
                  {t('api.failing')}
                </Tag>
              </Tooltip>
            ) : null}
          </Flex>
          {api.remark ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: api.remark }}>
              {api.remark}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('api.key'),
      dataIndex: 'apiId',
      render: (apiId: string, api) =>
        api.keyShownUntil ? (
          <Flex vertical gap={2}>
            <Typography.Text
              copyable={{ text: apiId, tooltips: [t('api.copy-key'), t('api.key-copied')] }}
              style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
            >
              {apiId}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('api.key-shown-until', { time: api.keyShownUntil.slice(0, 16) })}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            {maskedKey(apiId)}
          </Typography.Text>
        ),
    },
    {
      title: t('api.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (_, api) => (
        <Switch
          checked={api.enabled}
          disabled={!canEdit}
          loading={toggle.isPending && toggle.variables?.apiId === api.apiId}
          aria-label={t('api.enabled')}
          onChange={(enabled) => toggle.mutate({ apiId: api.apiId, enabled })}
        />
      ),
    },
    {
      title: t('api.expire'),
      dataIndex: 'expireTime',
      width: 170,
      render: (_, api) => <ExpireCell expireTime={api.expireTime} />,
    },
    {
      title: t('api.white-list'),
      dataIndex: 'whiteList',
      render: (_, api) => <WhiteListCell whiteList={api.whiteList} />,
    },
    {
      title: t('api.features'),
      dataIndex: 'features',
      render: (_, api) => <CapabilityCell features={api.features} />,
    },
    {
      title: t('api.last-used'),
      dataIndex: 'lastUsedTime',
      width: 180,
      render: (_, api) => (
        <Flex vertical align="start">
          <LastUsedCell api={api} />
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setRefusalsOf(api)}>
            {t('api.refusals')}
          </Button>
        </Flex>
      ),
    },
    {
      title: t('operate'),
      key: 'actions',
      fixed: 'right',
      render: (_, api) => (
        <RowActions
          permiPrefix="system:api"
          onEdit={() => editing.openEdit(api)}
          onDelete={() => remove(api)}
        />
      ),
    },
  ];

  return (
    <Card>
      <PageHeaderBar title={t('menu.project-api')} backTo="/project/option" />
      <Typography.Paragraph type="secondary">
        {t('api.describe', { header: API_KEY_HEADER })}
      </Typography.Paragraph>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <DebouncedSearch
          width={240}
          value={apiName}
          placeholder={t('api.search-placeholder')}
          onSearch={(next) => list.search({ apiName: next })}
        />
      </Flex>
      <ListToolbar onRefresh={() => void reload()}>
        <PermiButton
          permi={['system:api:add']}
          type="primary"
          icon={<PlusOutlined />}
          onClick={editing.openCreate}
        >
          {t('api.add')}
        </PermiButton>
        <PermiButton
          permi={['system:api:export']}
          icon={<DownloadOutlined />}
          onClick={() => void exportProjectApis(filterQuery, `${t('api.export-file')}.xlsx`)}
        >
          {t('api.export')}
        </PermiButton>
      </ListToolbar>
      <Table<ProjectApi>
        {...tableProps}
        columns={columns}
        locale={{ emptyText: t(apiName ? 'api.none-found' : 'api.empty') }}
        data-testid="project-api-table"
      />
      <ProjectApiDialog
        projectId={projectId}
        target={editing.target}
        onClose={editing.close}
        onCreated={setCreated}
      />
      <KeyCreatedDialog created={created} onClose={() => setCreated(undefined)} />
      <ApiRefusalsDrawer api={refusalsOf} onClose={() => setRefusalsOf(undefined)} />
      <WebhooksCard projectId={projectId} />
    </Card>
  );
}
