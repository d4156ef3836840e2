import { InfoCircleOutlined } from '@ant-design/icons';
import {
  PLAN_ITEM_STATES,
  PLAN_QUALITY_METRICS,
  type Plan,
  type PlanItem,
  type PlanItemResult,
  type PlanItemState,
} from '@buglet/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Drawer, Flex, Row, Segmented, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { compactPagination } from '../../lib/compact-pagination.ts';
import { defectFromCase } from '../cases/index.ts';
import { DefectFormDrawer, type FormTarget, useProjectMembers } from '../defects/index.ts';
import { PlanDashboard } from './plan-dashboard.tsx';
import { PlanDefects } from './plan-defects.tsx';
import { PlanRunPanel, type RunStep } from './plan-run-panel.tsx';
import { ItemStateTag } from './plan-tags.tsx';
import {
  getPlan,
  getPlanItem,
  type ItemResult,
  linkDefect,
  listPlanItems,
  neighbourItem,
  planKeys,
  setItemResult,
} from './plans.api.ts';

interface PlanRunDrawerProps {
  planId: string | undefined;
  projectId: number;
  onClose: () => void;
}

/** Whether a result moves on to the next item by itself: this browser's choice, on by default. */
const AUTO_NEXT = 'buglet.plan-run.auto-next';
const readAutoNext = () => {
  try {
    return localStorage.getItem(AUTO_NEXT) !== 'false';
  } catch {
    return true;
  }
};
const writeAutoNext = (isOn: boolean) => {
  try {
    localStorage.setItem(AUTO_NEXT, String(isOn));
  } catch {
    // A browser without storage keeps the choice for this visit only.
  }
};
const PAGE_SIZE = 20;

/** What the list shows: every item, or those of one state or of one of Buglet's results. */
type ItemFilter = PlanItemState | PlanItemResult | undefined;
const filterQuery = (filter: ItemFilter) =>
  filter === undefined
    ? {}
    : (PLAN_ITEM_STATES as readonly string[]).includes(filter)
      ? { planItemState: filter }
      : { planItemResult: filter };

function PlanStats({
  plan,
  filter,
  onFilter,
}: {
  plan: Plan;
  filter: ItemFilter;
  onFilter: (f: ItemFilter) => void;
}) {
  const { t } = useTranslation();
  const counts: [ItemFilter, string, number][] = [
    ['pass', 'plan.item.state.pass', plan.passCount],
    ['not_pass', 'plan.item.state.not_pass', plan.failCount],
    ['unexecuted', 'plan.item.state.unexecuted', plan.unexecutedCount],
    ['retest', 'plan.item.state.retest', plan.retestCount],
    ['blocked', 'plan.item.state.blocked', plan.blockedCount],
    ['skipped', 'plan.item.state.skipped', plan.skippedCount],
    [undefined, 'plan.total', plan.itemTotal],
  ];
  return (
    <Flex wrap gap={8} data-testid="plan-stats">
      {counts.map(([state, label, value]) => (
        <Card
          key={label}
          size="small"
          hoverable
          onClick={() => onFilter(state)}
          style={{ minWidth: 96, borderColor: filter === state ? 'var(--ant-color-primary)' : undefined }}
        >
          <Statistic title={t(label)} value={value} />
        </Card>
      ))}
      <Card size="small" style={{ minWidth: 96 }}>
        <Statistic title={t('plan.defects')} value={plan.defectCount} />
      </Card>
      {PLAN_QUALITY_METRICS.map((m) => (
        <Card key={m} size="small" style={{ minWidth: 120 }}>
          <Statistic
            title={
              <Tooltip title={t(`plan.metric.${m}.formula`)}>
                <span>
                  {t(`plan.metric.${m}`)} <InfoCircleOutlined />
                </span>
              </Tooltip>
            }
            value={plan[m]}
            suffix={m === 'defectRepairAvgHour' ? 'h' : undefined}
          />
        </Card>
      ))}
    </Flex>
  );
}

/**
 * Running a plan: its counts and quality metrics on top (a count filters the list), the items in
 * case order on the left, the item being run on the right, walked with the keyboard or the mouse.
 * Keyed by the plan where it is used, so another plan starts afresh.
 */
export function PlanRunDrawer({ planId, projectId, onClose }: PlanRunDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canRun = usePermi(['system:plan:run']);
  const [filter, setFilter] = useState<ItemFilter>();
  const [pageNum, setPageNum] = useState(1);
  const [current, setCurrent] = useState<PlanItem | undefined>();
  const [isAutoNext, setAutoNext] = useState(readAutoNext);
  const [view, setView] = useState<'run' | 'defects' | 'dashboard'>('run');

  const plan = useQuery({
    queryKey: planKeys.detail(planId ?? ''),
    queryFn: () => getPlan(planId ?? ''),
    enabled: Boolean(planId),
    // Opened again (from the home page's retest list, say), the run view shows the plan as it is now.
    refetchOnMount: 'always',
  }).data?.data;
  const order = { projectId, planId: planId ?? '', orderByColumn: 'caseNum', isAsc: 'asc' as const };
  const listQuery = { ...order, ...filterQuery(filter) };
  const items = useQuery({
    queryKey: planKeys.items({ ...listQuery, pageNum }),
    queryFn: () => listPlanItems({ ...listQuery, pageNum, pageSize: PAGE_SIZE }),
    enabled: Boolean(planId),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const rows = items.data?.rows ?? [];
  // The first item is taken up once the list shows.
  // (not from the previous filter's rows, shown while the new ones load).
  const first = items.isPlaceholderData ? undefined : rows[0];
  useEffect(() => {
    if (!current && first) setCurrent(first);
  }, [current, first]);

  // Steps run one after another from the item the last one reached: J pressed twice moves two.
  const reached = useRef(current);
  reached.current = current;
  const stepping = useRef(Promise.resolve());
  const step = (direction: RunStep) => {
    stepping.current = stepping.current.then(
      async () => {
        const from = reached.current;
        if (!from) return;
        const next = (await neighbourItem(from.planItemId, direction, listQuery)).data;
        if (next) {
          reached.current = next;
          setCurrent(next);
        }
      },
      () => {},
    );
  };
  /** After a result: the next item in case order if wished (whatever the filter: the item just run may have left the filtered list), else the same one as it now stands. */
  const moveOn = async (from: PlanItem) => {
    const next = isAutoNext ? (await neighbourItem(from.planItemId, 'next', order)).data : undefined;
    await queryClient.invalidateQueries({ queryKey: planKeys.all });
    setCurrent(next ?? (await getPlanItem(from.planItemId)).data);
  };
  const giveResult = async (result: ItemResult) => {
    if (!current) return;
    await setItemResult(current.planId, [current.planItemId], result);
    await moveOn(current);
  };
  // A failure reported as a defect: recorded first, then the defect form, prefilled from the case
  // (the steps up to the one that failed), what happened, the plan's version and the screenshots.
  const [defectTarget, setDefectTarget] = useState<(FormTarget & { item: PlanItem }) | undefined>();
  const { members } = useProjectMembers(defectTarget ? projectId : 0);
  const raiseDefect = async (result: ItemResult) => {
    if (!current) return;
    await setItemResult(current.planId, [current.planItemId], result);
    const stepIndex = result.failedStep ? result.failedStep - 1 : undefined;
    const prefill = defectFromCase(current, t, stepIndex);
    setDefectTarget({
      item: current,
      prefill: {
        ...prefill,
        defectDescribe: `${prefill.defectDescribe}${result.actualResult ?? ''}`,
        moduleVersion: plan?.planVersion ?? undefined,
        imgUrls: result.imgUrls ?? undefined,
        annexUrls: result.annexUrls ?? undefined,
      },
    });
  };

  return (
    <Drawer
      open={Boolean(planId)}
      onClose={onClose}
      width="90%"
      title={
        <Flex wrap gap={8} align="center">
          <span>{t('plan.run.title', { name: plan?.planName ?? '' })}</span>
          {plan?.planVersion ? (
            <Tag color="green">{t('plan.version.tag', { version: plan.planVersion })}</Tag>
          ) : null}
          {plan?.planStartTime || plan?.planEndTime ? (
            <Tag color="blue">
              {plan?.planStartTime ?? '-'} – {plan?.planEndTime ?? '-'}
            </Tag>
          ) : null}
        </Flex>
      }
      destroyOnHidden
    >
      {plan ? (
        <PlanStats
          plan={plan}
          filter={filter}
          onFilter={(state) => {
            setFilter(state);
            setPageNum(1);
            setCurrent(undefined);
          }}
        />
      ) : null}
      <Segmented
        style={{ marginTop: 16 }}
        value={view}
        onChange={setView}
        options={[
          { value: 'run', label: t('plan.view.run') },
          { value: 'defects', label: t('plan.view.defects', { count: plan?.defectCount ?? 0 }) },
          { value: 'dashboard', label: t('plan.view.dashboard') },
        ]}
      />
      {view === 'defects' && planId ? (
        <div style={{ marginTop: 16 }}>
          <PlanDefects planId={planId} projectId={projectId} />
        </div>
      ) : null}
      {view === 'dashboard' && plan ? (
        <div style={{ marginTop: 16 }}>
          <PlanDashboard plan={plan} projectId={projectId} />
        </div>
      ) : null}
      <Row gutter={[16, 16]} style={{ marginTop: 16, display: view === 'run' ? undefined : 'none' }}>
        <Col xs={24} lg={9}>
          <Table<PlanItem>
            size="small"
            rowKey="planItemId"
            data-testid="plan-run-items"
            loading={items.isFetching}
            dataSource={rows}
            onRow={(row) => ({
              onClick: () => setCurrent(row),
              style: { cursor: 'pointer' },
              className: row.planItemId === current?.planItemId ? 'ant-table-row-selected' : undefined,
            })}
            columns={[
              { title: '#', dataIndex: 'caseNum', width: 60 },
              { title: t('plan.case.name'), dataIndex: 'caseName', ellipsis: true },
              { title: t('plan.item.state'), width: 90, render: (_, row) => <ItemStateTag item={row} /> },
            ]}
            pagination={compactPagination(pageNum, PAGE_SIZE, items.data?.total, setPageNum)}
          />
        </Col>
        <Col xs={24} lg={15}>
          <Card size="small">
            <PlanRunPanel
              key={current?.planItemId}
              item={current}
              canRun={canRun}
              isAutoNext={isAutoNext}
              onAutoNext={(isOn) => {
                setAutoNext(isOn);
                writeAutoNext(isOn);
              }}
              onResult={giveResult}
              onRaiseDefect={raiseDefect}
              onStep={step}
              projectId={projectId}
              isActive={view === 'run'}
              onLinkDefect={async (defectId) => {
                if (!current) return;
                await linkDefect(current, defectId);
                await queryClient.invalidateQueries({ queryKey: planKeys.all });
                setCurrent((await getPlanItem(current.planItemId)).data);
              }}
            />
          </Card>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('plan.run.keys')}
          </Typography.Paragraph>
        </Col>
      </Row>
      <DefectFormDrawer
        projectId={projectId}
        members={members}
        target={defectTarget}
        onClose={() => setDefectTarget(undefined)}
        onSaved={async (defectId) => {
          const raisedFrom = defectTarget?.item;
          setDefectTarget(undefined);
          if (!raisedFrom) return;
          await linkDefect(raisedFrom, defectId);
          await moveOn(raisedFrom);
        }}
      />
    </Drawer>
  );
}
