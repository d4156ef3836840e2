import { PlusOutlined } from '@ant-design/icons';
import type { Plan } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Progress, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import { useCurrentProject } from '../projects/index.ts';
import { PlanFormDialog } from './plan-form-dialog.tsx';
import { PlanRunDrawer } from './plan-run-drawer.tsx';
import { copyPlan, deletePlans, listPlans, planKeys } from './plans.api.ts';

const LIST_KEYS = ['planName', 'planVersion'] as const;

/** Pass share of a plan, as the original's progress column (passed over all items). */
const passShare = (p: Plan) => (p.itemTotal === 0 ? 0 : Math.round((p.passCount / p.itemTotal) * 100));

/**
 * The project's test plans: name and version filters in the URL, each plan's progress, and the
 * ways into it: run it (the run view; `?run=<planId>` opens it), change it, copy it, delete it.
 */
export default function PlanListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { projectId } = useCurrentProject();
  const list = useListParams(LIST_KEYS);
  const f = list.filters;
  const [searchParams, setSearchParams] = useSearchParams();
  const runId = searchParams.get('run') ?? undefined;
  const [formTarget, setFormTarget] = useState<{ plan?: Plan } | undefined>();

  const tableQuery = {
    projectId,
    'params[dataType]': 'simple',
    ...(f.planName ? { planName: f.planName } : {}),
    ...(f.planVersion ? { planVersion: f.planVersion } : {}),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  };
  const query = useQuery({
    queryKey: planKeys.list(tableQuery),
    queryFn: () => listPlans(tableQuery),
    enabled: projectId > 0,
  });
  const table = usePagedTable(query, list, 'planId');
  const reload = () => queryClient.invalidateQueries({ queryKey: planKeys.all });
  const openRun = (planId: string | undefined) =>
    setSearchParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (planId) next.set('run', planId);
        else next.delete('run');
        return next;
      },
      { replace: !planId },
    );

  const copy = async (plan: Plan) => {
    await copyPlan(plan.planId);
    message.success(t('plan.copied'));
    await reload();
  };
  const remove = (plan: Plan) =>
    confirm({
      content: t('plan.delete-confirm', { name: plan.planName }),
      action: async () => {
        await deletePlans([plan.planId]);
        await reload();
      },
    });

  const columns: TableColumnsType<Plan> = [
    { title: t('plan.number'), dataIndex: 'planNumber', width: 70, render: (n: number) => `#${n}` },
    {
      title: t('plan.name'),
      dataIndex: 'planName',
      render: (_, p) => <Typography.Link onClick={() => openRun(p.planId)}>{p.planName}</Typography.Link>,
    },
    {
      title: t('plan.version'),
      dataIndex: 'planVersion',
      width: 120,
      render: (v: string | null) => v || '-',
    },
    {
      title: t('plan.time'),
      width: 190,
      render: (_, p) =>
        p.planStartTime || p.planEndTime ? (
          <Flex vertical style={{ fontSize: 12 }}>
            <span>{t('plan.time.from', { time: p.planStartTime ?? '-' })}</span>
            <span>{t('plan.time.to', { time: p.planEndTime ?? '-' })}</span>
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      title: t('plan.progress'),
      width: 170,
      render: (_, p) => (
        <Flex vertical>
          <Progress
            aria-label={t('plan.progress.text', { passed: p.passCount, total: p.itemTotal })}
            percent={passShare(p)}
            size="small"
            showInfo={false}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('plan.progress.text', { passed: p.passCount, total: p.itemTotal })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('plan.update-by'),
      dataIndex: 'updateBy',
      width: 110,
      render: (name: string | null) => (name ? <NameAvatar name={name} /> : '-'),
    },
    { title: t('update-time'), dataIndex: 'updateTime', width: 170 },
    {
      title: t('remark'),
      dataIndex: 'remark',
      width: 200,
      render: (r: string | null) => (
        <Typography.Paragraph ellipsis={{ rows: 3, tooltip: r }} style={{ marginBottom: 0 }}>
          {r || '-'}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('operate'),
      fixed: 'right',
      width: 230,
      render: (_, p) => (
        <Flex wrap gap={4}>
          <RowAction permi={['system:plan:run']} onClick={() => openRun(p.planId)}>
            {t('plan.run')}
          </RowAction>
          <RowAction permi={['system:plan:add']} onClick={() => void copy(p)}>
            {t('plan.copy')}
          </RowAction>
          <RowAction permi={['system:plan:edit']} onClick={() => setFormTarget({ plan: p })}>
            {t('modify')}
          </RowAction>
          <RowAction permi={['system:plan:remove']} danger onClick={() => remove(p)}>
            {t('delete')}
          </RowAction>
        </Flex>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={8} style={{ marginBottom: 12 }} data-testid="plan-filters">
        <DebouncedSearch
          width={220}
          value={f.planName ?? ''}
          placeholder={t('plan.name.placeholder')}
          onSearch={(planName) => list.search({ ...f, planName })}
        />
        <DebouncedSearch
          width={180}
          value={f.planVersion ?? ''}
          placeholder={t('plan.version.placeholder')}
          onSearch={(planVersion) => list.search({ ...f, planVersion })}
        />
      </Flex>
      <ListToolbar onRefresh={() => void reload()}>
        <PermiButton
          permi={['system:plan:add']}
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setFormTarget({})}
        >
          {t('plan.create')}
        </PermiButton>
      </ListToolbar>
      <Table<Plan> {...table} columns={columns} data-testid="plan-table" />
      <PlanFormDialog
        projectId={projectId}
        target={formTarget}
        onClose={() => setFormTarget(undefined)}
        onSaved={() => void reload()}
      />
      <PlanRunDrawer
        key={runId ?? ''}
        planId={runId}
        projectId={projectId}
        onClose={() => openRun(undefined)}
      />
    </Card>
  );
}
