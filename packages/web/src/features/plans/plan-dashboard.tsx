import { DownloadOutlined } from '@ant-design/icons';
import type { Plan, PlanModule } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Col, Empty, Flex, Progress, Row, Statistic, Table } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, echarts } from '../../components/echart.tsx';
import { saveBlob } from '../../lib/download.ts';
import { PlanReportButton } from './plan-report-button.tsx';
import { type BurndownDay, listPlanModules, planBurndown, planKeys } from './plans.api.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent]);

/** A cell of a CSV line: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * The dashboard's data as one CSV (a byte-order mark first, so a spreadsheet reads the Chinese
 * right): the burndown day by day, then each deliverable's progress.
 */
export function dashboardCsv(
  burndown: readonly BurndownDay[],
  modules: readonly PlanModule[],
  headers: {
    day: string;
    left: string;
    passed: string;
    deliverable: string;
    items: string;
    passedItems: string;
    defects: string;
  },
): string {
  const lines = [
    [headers.day, headers.left, headers.passed],
    ...burndown.map((d) => [d.key, d.value, d.passed]),
    [],
    [headers.deliverable, headers.items, headers.passedItems, headers.defects],
    ...modules
      .filter((m) => m.itemCount > 0)
      .map((m) => [m.moduleName, m.itemCount, m.passCount, m.defectCount]),
  ];
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A button that reads as a link (a deliverable to open, a crumb to go back to). */
const LinkButton = ({ onClick, children }: { onClick: () => void; children: ReactNode }) => (
  <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={onClick}>
    {children}
  </Button>
);

const STATE_COLOURS = {
  pass: '#52c41a',
  not_pass: '#ff4d4f',
  blocked: '#fa8c16',
  skipped: '#bfbfbf',
  retest: '#722ed1',
  unexecuted: '#d9d9d9',
} as const;

/**
 * A plan's dashboard: its burndown over 31 days (items left, bars of those passed each day), its
 * results, its defects by state and by level with how often they were reopened, and each
 * deliverable's progress (a deliverable with others below it opens them); the burndown and the
 * deliverables shown download as CSV.
 */
export function PlanDashboard({ plan, projectId }: { plan: Plan; projectId: number }) {
  const { t } = useTranslation();
  const burndown = useQuery({
    queryKey: [...planKeys.detail(plan.planId), 'burndown', plan.updateTime],
    queryFn: () => planBurndown(plan.planId),
  }).data?.data;
  // The deliverables shown: those under the last one opened (the top level first).
  const [trail, setTrail] = useState<{ moduleId: number; moduleName: string }[]>([]);
  const modulePid = trail.at(-1)?.moduleId ?? 0;
  const modules = useQuery({
    queryKey: [...planKeys.modules(plan.planId), modulePid, plan.updateTime],
    queryFn: () => listPlanModules({ planId: plan.planId, projectId, modulePid }),
  }).data?.data;

  const burndownOption = useMemo(
    () => ({
      grid: { left: 36, right: 36, top: 28, bottom: 24 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: (burndown ?? []).map((d) => d.key.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: t('plan.dashboard.left'),
          type: 'line',
          step: 'end',
          data: (burndown ?? []).map((d) => d.value),
          color: '#1677ff',
          showSymbol: false,
        },
        {
          name: t('plan.dashboard.passed'),
          type: 'bar',
          yAxisIndex: 1,
          data: (burndown ?? []).map((d) => d.passed),
          color: STATE_COLOURS.pass,
        },
      ],
    }),
    [burndown, t],
  );

  const resultOption = useMemo(() => {
    const results: [keyof typeof STATE_COLOURS, number][] = [
      ['pass', plan.passCount],
      ['not_pass', plan.failCount],
      ['blocked', plan.blockedCount],
      ['skipped', plan.skippedCount],
      ['retest', plan.retestCount],
      // Blocked, skipped and waiting for a retest are also counted as not run.
      ['unexecuted', plan.unexecutedCount - plan.blockedCount - plan.skippedCount - plan.retestCount],
    ];
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: results
            .filter(([, n]) => n > 0)
            .map(([state, n]) => ({
              name: t(`plan.item.state.${state}`),
              value: n,
              itemStyle: { color: STATE_COLOURS[state] },
            })),
        },
      ],
    };
  }, [plan, t]);

  const defectOption = useMemo(() => {
    const states = [
      [t('defect.state.PROCESSING'), plan.defectProcessingStateCount],
      [t('defect.state.AUDIT'), plan.defectAuditStateCount],
      [t('defect.state.REJECTED'), plan.defectRejectedStateCount],
      [t('defect.state.CLOSED'), plan.defectCloseStateCount],
    ] as const;
    const levels = [
      [t('defect.level.urgent'), plan.defectLevelUrgentCount],
      [t('defect.level.height'), plan.defectLevelHeightCount],
      [t('defect.level.middle'), plan.defectLevelMiddleCount],
      [t('defect.level.low'), plan.defectLevelLowCount],
    ] as const;
    return {
      grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: [...states, ...levels].map(([name]) => name) },
      series: [
        {
          type: 'bar',
          data: [
            ...states.map(([, n]) => ({ value: n, itemStyle: { color: '#1677ff' } })),
            ...levels.map(([, n]) => ({ value: n, itemStyle: { color: '#fa541c' } })),
          ],
        },
      ],
    };
  }, [plan, t]);

  const exportData = () =>
    saveBlob(
      new Blob(
        [
          dashboardCsv(burndown ?? [], modules ?? [], {
            day: t('plan.dashboard.day'),
            left: t('plan.dashboard.left'),
            passed: t('plan.dashboard.passed'),
            deliverable: t('plan.dashboard.deliverable'),
            items: t('plan.total'),
            passedItems: t('plan.item.state.pass'),
            defects: t('plan.defects'),
          }),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
      `${plan.planName}-${t('plan.dashboard.title')}.csv`,
    );

  const passRate = plan.itemTotal === 0 ? 0 : Math.round((plan.passCount * 1000) / plan.itemTotal) / 10;
  return (
    <div data-testid="plan-dashboard">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex gap={24} wrap>
          <Statistic title={t('plan.dashboard.pass-rate')} value={passRate} suffix="%" />
          <Statistic title={t('plan.dashboard.executed')} value={`${plan.executedCount}/${plan.itemTotal}`} />
          <Statistic title={t('plan.defects')} value={plan.defectCount} />
          <Statistic title={t('plan.dashboard.reopened')} value={plan.defectRestartCount} />
        </Flex>
        <Flex gap={8} wrap>
          <PlanReportButton plan={plan} projectId={projectId} />
          <Button icon={<DownloadOutlined />} onClick={exportData} disabled={!burndown}>
            {t('plan.dashboard.export')}
          </Button>
        </Flex>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('plan.dashboard.burndown')}>
            <div
              data-testid="plan-burndown"
              data-points={burndown?.length ?? 0}
              data-left={burndown?.at(-1)?.value}
            >
              <EChart option={burndownOption} height={240} ariaLabel={t('plan.dashboard.burndown')} />
            </div>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={10}>
          <Card size="small" title={t('plan.dashboard.results')}>
            {plan.itemTotal === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <EChart option={resultOption} height={240} ariaLabel={t('plan.dashboard.results')} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={10}>
          <Card size="small" title={t('plan.dashboard.defects')}>
            <EChart option={defectOption} height={240} ariaLabel={t('plan.dashboard.defects')} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('plan.dashboard.deliverables')}>
            <Breadcrumb
              style={{ marginBottom: 8 }}
              items={[
                {
                  title: (
                    <LinkButton onClick={() => setTrail([])}>
                      {t('plan.dashboard.all-deliverables')}
                    </LinkButton>
                  ),
                },
                ...trail.map((m, i) => ({
                  title:
                    i === trail.length - 1 ? (
                      m.moduleName
                    ) : (
                      <LinkButton onClick={() => setTrail(trail.slice(0, i + 1))}>{m.moduleName}</LinkButton>
                    ),
                })),
              ]}
            />
            <Table<PlanModule>
              size="small"
              rowKey="moduleId"
              pagination={false}
              dataSource={(modules ?? []).filter((m) => m.itemCount > 0)}
              scroll={{ y: 240 }}
              columns={[
                {
                  title: t('plan.dashboard.deliverable'),
                  ellipsis: true,
                  render: (_, m) =>
                    m.childrenCount > 0 ? (
                      <LinkButton onClick={() => setTrail([...trail, m])}>{m.moduleName}</LinkButton>
                    ) : (
                      m.moduleName
                    ),
                },
                {
                  title: t('plan.progress'),
                  width: 180,
                  render: (_, m) => (
                    <Progress
                      aria-label={`${m.moduleName}: ${m.passCount}/${m.itemCount}`}
                      size="small"
                      percent={Math.round((m.passCount * 100) / Math.max(m.itemCount, 1))}
                      format={() => `${m.passCount}/${m.itemCount}`}
                    />
                  ),
                },
                { title: t('plan.defects'), dataIndex: 'defectCount', width: 80 },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
