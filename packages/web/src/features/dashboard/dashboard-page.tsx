import {
  BugOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FolderOutlined,
  NodeIndexOutlined,
  ProfileOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { type AjaxResult, DEFECT_STATE_NAMES, type Plan, type TableData } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  List,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LineChart } from '../../components/line-chart.tsx';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { downloadFile } from '../../lib/download.ts';
import { http } from '../../lib/http.ts';
import { personName } from '../../lib/person-name.ts';
import { DefectStateTag } from '../defects/index.ts';
import { PlanDashboard } from '../plans/index.ts';
import { useCurrentProject } from '../projects/index.ts';

type TimeType = 'day' | 'month';
interface Summaries {
  case: { total: number };
  defect: { total: number; pendingCount: number; verifyCount: number; closedCount: number };
  module: { total: number };
  report: { total: number };
  document: { total: number };
  member: {
    total: number;
    adminCount: number;
    testCount: number;
    developmentCount: number;
    outsideCount: number;
  };
}
interface StateLine {
  data: Record<string, number[]>;
  types: string[];
  times: string[];
}
interface MemberLine {
  time: string[];
  data: Array<{
    userId: number;
    nickName: string;
    userName: string;
    createTime: string;
    defectTodayCount: number;
  }>;
}
interface Ranked {
  userId: number;
  nickName: string;
  userName: string;
  avatar: string | null;
  defectTotal: number;
  defectTodayCount: number;
}
interface Action {
  id: string;
  title: string;
  state: string | null;
  type: 'defect' | 'case' | 'plan' | 'report' | 'document';
  time: string;
  nickName: string | null;
  userName: string | null;
  avatar: string | null;
}

const STATE_COLOURS: Record<string, string> = {
  PROCESSING: '#f56c6c',
  AUDIT: '#409eff',
  REJECTED: '#e6a23c',
  CLOSED: '#67c23a',
};
const TYPE_COLOURS: Record<Action['type'], string> = {
  defect: 'red',
  case: 'green',
  plan: 'gold',
  report: 'blue',
  document: 'purple',
};
/** Where clicking an activity goes. */
const TYPE_PAGES: Record<Action['type'], string> = {
  defect: '/project/defect',
  case: '/project/case',
  plan: '/project/plan',
  report: '/project/report',
  document: '/project/document',
};

const base = (projectId: number) => `/system/dashboard/${projectId}`;
const get = async <T,>(url: string, params?: Record<string, string>) =>
  (await http.get<AjaxResult<T>>(url, params)).data as T;

function useDashboard<T>(projectId: number, part: string, params?: Record<string, string>) {
  return useQuery({
    queryKey: ['dashboard', projectId, part, params],
    queryFn: () => get<T>(`${base(projectId)}/${part}`, params),
    enabled: projectId > 0,
  });
}

function Kpi({
  icon,
  colour,
  title,
  value,
  detail,
  to,
}: {
  icon: ReactNode;
  colour: string;
  title: string;
  value: number | undefined;
  detail?: ReactNode;
  to: string;
}) {
  const navigate = useNavigate();
  return (
    <Col xs={12} md={8} xl={4}>
      <Card size="small" hoverable onClick={() => navigate(to)} styles={{ body: { padding: 12 } }}>
        <Flex gap={12} align="center">
          <span className="dashboard-kpi-icon" style={{ background: colour }}>
            {icon}
          </span>
          <Statistic title={title} value={value ?? '-'} />
        </Flex>
        {detail ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {detail}
          </Typography.Text>
        ) : null}
      </Card>
    </Col>
  );
}

/** A line of the dashboard with its 30-day / 12-month switch and its Excel export. */
function LineCard({
  projectId,
  part,
  title,
  fileName,
  toSeries,
}: {
  projectId: number;
  part: 'defect-line' | 'member-defect-line';
  title: (type: TimeType) => string;
  fileName: (type: TimeType) => string;
  toSeries: (answer: unknown) => {
    labels: string[];
    series: { name: string; values: number[]; color?: string }[];
  };
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<TimeType>('day');
  const answer = useDashboard<unknown>(projectId, part, { timeType: type }).data;
  const { labels, series } = answer ? toSeries(answer) : { labels: [], series: [] };
  const summary = series.map((s) => `${s.name}: ${s.values.reduce((a, b) => a + b, 0)}`).join(', ');
  return (
    <Card size="small" title={title(type)}>
      <Flex justify="flex-end" style={{ marginBottom: 4 }}>
        <Space wrap>
          <Segmented<TimeType>
            size="small"
            value={type}
            onChange={setType}
            options={[
              { value: 'day', label: t('dashboard.30-day') },
              { value: 'month', label: t('dashboard.12-month') },
            ]}
          />
          <Tooltip title={t('export')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`${t('export')} ${title(type)}`}
              onClick={() =>
                void downloadFile(
                  { url: `${base(projectId)}/${part}/export`, params: { timeType: type } },
                  `${fileName(type)}.xlsx`,
                )
              }
            />
          </Tooltip>
        </Space>
      </Flex>
      {series.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <LineChart labels={labels} series={series} height={220} ariaLabel={`${title(type)}: ${summary}`} />
      )}
    </Card>
  );
}

/**
 * The project dashboard (1.0's /project/dashboard): the six summaries, the defect state and member
 * lines by day or month (each exportable), a plan's statistics and burndown, the latest activity and
 * who handled most defects.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useCurrentProject();
  const projectId = project?.projectId ?? 0;
  const cases = useDashboard<Summaries['case']>(projectId, 'case').data;
  const defects = useDashboard<Summaries['defect']>(projectId, 'defect').data;
  const modules = useDashboard<Summaries['module']>(projectId, 'module').data;
  const reports = useDashboard<Summaries['report']>(projectId, 'report').data;
  const documents = useDashboard<Summaries['document']>(projectId, 'document').data;
  const members = useDashboard<Summaries['member']>(projectId, 'member').data;
  const ranking = useDashboard<Ranked[]>(projectId, 'member-defect').data ?? [];
  const actions = useDashboard<{ actions: Record<string, Action[]> }>(projectId, 'actions', {
    type: 'all',
  }).data;
  const plans = useQuery({
    queryKey: ['dashboard', projectId, 'plans'],
    queryFn: () => http.get<TableData<Plan>>(`${base(projectId)}/plans`, { pageNum: '1', pageSize: '50' }),
    enabled: projectId > 0,
  }).data?.rows;
  const [planId, setPlanId] = useState<string>();
  const plan = plans?.find((p) => p.planId === planId) ?? plans?.[0];

  const stateName = (state: string) => t(`defect.state.${state}`);
  return (
    <Flex vertical gap={16} data-testid="project-dashboard">
      <Row gutter={[12, 12]}>
        <Kpi
          icon={<ProfileOutlined />}
          colour="#67c23a"
          title={t('case')}
          value={cases?.total}
          to="/project/case"
        />
        <Kpi
          icon={<BugOutlined />}
          colour="#f56c6c"
          title={t('dashboard.defects')}
          value={defects?.total}
          to="/project/defect"
          detail={
            defects
              ? t('dashboard.defect-detail', {
                  pending: defects.pendingCount,
                  review: defects.verifyCount,
                  closed: defects.closedCount,
                })
              : undefined
          }
        />
        <Kpi
          icon={<NodeIndexOutlined />}
          colour="#409eff"
          title={t('module.deliverable')}
          value={modules?.total}
          to="/project/module"
        />
        <Kpi
          icon={<FileTextOutlined />}
          colour="#e6a23c"
          title={t('report')}
          value={reports?.total}
          to="/project/report"
        />
        <Kpi
          icon={<FolderOutlined />}
          colour="#909399"
          title={t('dashboard.documents')}
          value={documents?.total}
          to="/project/document"
        />
        <Kpi
          icon={<TeamOutlined />}
          colour="#9b59b6"
          title={t('member')}
          value={members?.total}
          to="/project/project-member"
          detail={
            members
              ? t('dashboard.member-detail', {
                  admin: members.adminCount,
                  dev: members.developmentCount,
                  tester: members.testCount,
                  outsider: members.outsideCount,
                })
              : undefined
          }
        />
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <LineCard
            projectId={projectId}
            part="defect-line"
            title={(type) => t(type === 'day' ? 'dashboard.state-line.day' : 'dashboard.state-line.month')}
            fileName={(type) => t(type === 'day' ? 'dashboard.state-line.day' : 'dashboard.state-line.month')}
            toSeries={(answer) => {
              const line = answer as StateLine;
              return {
                labels: line.times,
                series: Object.entries(line.data)
                  .filter(([state]) => state !== 'RESOLVED')
                  .map(([state, values]) => ({
                    name: stateName(state),
                    values,
                    color: STATE_COLOURS[state],
                  })),
              };
            }}
          />
        </Col>
        <Col xs={24} lg={12}>
          <LineCard
            projectId={projectId}
            part="member-defect-line"
            title={(type) => t(type === 'day' ? 'dashboard.member-line.day' : 'dashboard.member-line.month')}
            fileName={(type) =>
              t(type === 'day' ? 'dashboard.member-line.day' : 'dashboard.member-line.month')
            }
            toSeries={(answer) => {
              const line = answer as MemberLine;
              const people = new Map<number, { name: string; values: number[] }>();
              for (const row of line.data) {
                const person = people.get(row.userId) ?? {
                  name: personName(row),
                  values: line.time.map(() => 0),
                };
                const at = line.time.indexOf(row.createTime);
                if (at >= 0) person.values[at] = row.defectTodayCount;
                people.set(row.userId, person);
              }
              return { labels: line.time, series: [...people.values()] };
            }}
          />
        </Col>
      </Row>
      <Card size="small" title={t('dashboard.plans')}>
        {plans && plans.length > 0 ? (
          <Select
            size="small"
            style={{ width: '100%', maxWidth: 280, marginBottom: 8 }}
            aria-label={t('dashboard.plans')}
            value={plan?.planId}
            onChange={setPlanId}
            options={plans.map((p) => ({ value: p.planId, label: `#${p.planNumber} ${p.planName}` }))}
          />
        ) : null}
        {plan ? (
          <PlanDashboard plan={plan} projectId={projectId} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no-plans')} />
        )}
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('dashboard.actions')}>
            {actions && Object.keys(actions.actions).length > 0 ? (
              Object.entries(actions.actions)
                .sort(([a], [b]) => Number(b) - Number(a))
                .map(([day, entries]) => (
                  <div key={day}>
                    <Typography.Text strong>{entries[0]?.time.slice(0, 10)}</Typography.Text>
                    <List
                      size="small"
                      dataSource={entries}
                      renderItem={(a) => (
                        <List.Item>
                          <Flex gap={6} align="center" wrap style={{ width: '100%', minWidth: 0 }}>
                            <Tag color={TYPE_COLOURS[a.type]}>{t(`dashboard.type.${a.type}`)}</Tag>
                            <Typography.Link
                              ellipsis
                              style={{ flex: '1 1 120px', minWidth: 0 }}
                              onClick={() =>
                                navigate(
                                  a.type === 'defect'
                                    ? `${TYPE_PAGES.defect}?defectId=${a.id}`
                                    : TYPE_PAGES[a.type],
                                )
                              }
                            >
                              {a.title}
                            </Typography.Link>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {a.time.slice(11, 16)}
                            </Typography.Text>
                            {a.state ? (
                              <DefectStateTag
                                state={DEFECT_STATE_NAMES.indexOf(
                                  a.state as (typeof DEFECT_STATE_NAMES)[number],
                                )}
                              />
                            ) : null}
                            <NameAvatar
                              name={personName({ nickName: a.nickName, userName: a.userName ?? '?' })}
                              image={a.avatar}
                              size="small"
                            />
                          </Flex>
                        </List.Item>
                      )}
                    />
                  </div>
                ))
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('dashboard.ranking')}>
            <List
              size="small"
              dataSource={ranking}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              renderItem={(m, i) => (
                <List.Item
                  extra={t('dashboard.ranking-counts', { today: m.defectTodayCount, total: m.defectTotal })}
                >
                  <Space>
                    <Typography.Text type="secondary">{i + 1}</Typography.Text>
                    <NameAvatar name={personName(m)} image={m.avatar} size="small" />
                    <Typography.Text>{personName(m)}</Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
