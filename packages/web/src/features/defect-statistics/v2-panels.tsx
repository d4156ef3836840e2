import type { AjaxResult } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineChart } from '../../components/line-chart.tsx';
import { http } from '../../lib/http.ts';
import { personName } from '../../lib/person-name.ts';
import { useSession } from '../../stores/session.store.ts';
import { type PanelProps, PanelRow, PanelState } from './panel-row.tsx';

/** 1.0's statistic panels v2 (original-ui §7.6), on the statistics v2 routes (defect-trends.routes.ts). */
const OPEN_STATES = '0,1,3';
const base = '/system/defect/statistic';
const get = async <T,>(url: string, params?: Record<string, string | number>) =>
  (await http.get<AjaxResult<T>>(url, params)).data as T;
/** Under the defects key: what refreshes the list refreshes them too. */
const keyOf = (...parts: unknown[]) => ['defects', 'statistic', 'v2', ...parts];

interface Workload {
  userId: number;
  userName: string;
  nickName: string;
  processing: number;
  audit: number;
  rejected: number;
  total: number;
}

/** My open defects by state; a click lists them. */
export function MyOpenTodoPanel({ projectId, onFilter }: PanelProps) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.userId);
  const query = useQuery({
    queryKey: keyOf('my-open', projectId),
    queryFn: () =>
      get<Omit<Workload, 'userId' | 'userName' | 'nickName'>>(`${base}/open-workload/${projectId}/my`),
    enabled: projectId > 0,
  });
  const mine = query.data;
  const rows: [string, number | undefined, string][] = [
    [t('defect.state.PROCESSING'), mine?.processing, '0'],
    [t('defect.state.AUDIT'), mine?.audit, '1'],
    [t('defect.state.REJECTED'), mine?.rejected, '3'],
  ];
  return (
    <PanelState isLoading={query.isLoading} isEmpty={false} rows={4}>
      <div className="statistic-rows">
        <PanelRow
          className="statistic-count-row"
          onClick={onFilter && me ? () => onFilter({ handler: String(me), states: OPEN_STATES }) : undefined}
        >
          <span className="statistic-label">{t('defect.statistic.my-open')}</span>
          <span className="statistic-number">{mine?.total ?? 0}</span>
        </PanelRow>
        {rows.map(([label, n, state]) => (
          <PanelRow
            key={state}
            className="statistic-count-row"
            onClick={onFilter && me ? () => onFilter({ handler: String(me), states: state }) : undefined}
          >
            <span className="statistic-label">{label}</span>
            <span className="statistic-number">{n ?? 0}</span>
          </PanelRow>
        ))}
      </div>
    </PanelState>
  );
}

/** The five members with the most open defects; a click lists theirs. */
export function TeamWorkloadPanel({ projectId, onFilter }: PanelProps) {
  const query = useQuery({
    queryKey: keyOf('team-open', projectId),
    queryFn: () => get<Workload[]>(`${base}/open-workload/${projectId}`),
    enabled: projectId > 0,
  });
  const rows = query.data ?? [];
  const most = Math.max(1, ...rows.map((r) => r.total));
  return (
    <PanelState isLoading={query.isLoading} isEmpty={rows.length === 0} rows={4}>
      <div className="statistic-rows">
        {rows.map((r) => (
          <PanelRow
            key={r.userId}
            className="statistic-count-row"
            onClick={onFilter && (() => onFilter({ handler: String(r.userId), states: OPEN_STATES }))}
          >
            <span className="statistic-label">{personName(r)}</span>
            <span className="statistic-bar" aria-hidden>
              <span style={{ width: `${(r.total * 100) / most}%` }} />
            </span>
            <span className="statistic-number">{r.total}</span>
          </PanelRow>
        ))}
      </div>
    </PanelState>
  );
}

/** My history entries a day over 12 weeks, a square each; a click lists the defects I touched that day. */
export function MyParticipationPanel({ projectId, onFilter }: PanelProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: keyOf('participation', projectId),
    queryFn: () =>
      get<{ date: string; count: number }[]>(`${base}/participation/${projectId}/my`, { days: 84 }),
    enabled: projectId > 0,
  });
  const days = query.data ?? [];
  const most = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <PanelState isLoading={query.isLoading} isEmpty={false} rows={4}>
      <fieldset
        className="participation-grid"
        aria-label={t('defect.statistic.participation-sum', { count: total })}
      >
        {days.map((d) => (
          <Tooltip
            key={d.date}
            title={t('defect.statistic.participation-day', { date: d.date, count: d.count })}
          >
            <button
              type="button"
              className="participation-day"
              aria-label={t('defect.statistic.participation-day', { date: d.date, count: d.count })}
              style={{ opacity: d.count === 0 ? 0.15 : 0.3 + (0.7 * d.count) / most }}
              onClick={() => onFilter?.({ mine: '1', updatedFrom: d.date, updatedTo: d.date })}
            />
          </Tooltip>
        ))}
      </fieldset>
    </PanelState>
  );
}

interface StateLine {
  times: string[];
  states: { defectState: number; defectStateName: string; counts: number[] }[];
}
interface MemberLine {
  times: string[];
  members: { userId: number; userName: string; nickName: string; counts: number[] }[];
}

/** Defects by state and day over 30 days. */
export function StateTrendPanel({ projectId }: PanelProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: keyOf('state-line', projectId),
    queryFn: () => get<StateLine>(`${base}/defect-state-line/${projectId}`, { timeType: 'day' }),
    enabled: projectId > 0,
  });
  const line = query.data;
  const series = (line?.states ?? []).map((s) => ({
    name: t(`defect.state.${s.defectStateName}`),
    values: s.counts,
  }));
  return (
    <PanelState isLoading={query.isLoading} isEmpty={false} rows={4}>
      <LineChart
        labels={(line?.times ?? []).map((d) => d.slice(5))}
        series={series}
        height={90}
        ariaLabel={series.map((s) => `${s.name}: ${s.values.reduce((a, b) => a + b, 0)}`).join(', ')}
      />
    </PanelState>
  );
}

/** Defects each member acted on, by day over 30 days. */
export function MemberTrendPanel({ projectId }: PanelProps) {
  const query = useQuery({
    queryKey: keyOf('member-line', projectId),
    queryFn: () => get<MemberLine>(`${base}/member-defect-line/${projectId}`, { timeType: 'day' }),
    enabled: projectId > 0,
  });
  const line = query.data;
  const series = (line?.members ?? [])
    .filter((m) => m.counts.some((n) => n > 0))
    .map((m) => ({ name: personName(m), values: m.counts }));
  return (
    <PanelState isLoading={query.isLoading} isEmpty={false} rows={4}>
      <LineChart
        labels={(line?.times ?? []).map((d) => d.slice(5))}
        series={series}
        height={90}
        ariaLabel={series.map((s) => `${s.name}: ${s.values.reduce((a, b) => a + b, 0)}`).join(', ')}
      />
    </PanelState>
  );
}
