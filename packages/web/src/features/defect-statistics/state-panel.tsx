import {
  AppstoreOutlined,
  AuditOutlined,
  CheckCircleOutlined,
  ExclamationCircleOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getStateCounts, statisticKeys } from './defect-statistics.api.ts';
import { type PanelProps, PanelRow, PanelState } from './panel-row.tsx';
import { type StateGroupKey, summarizeStates } from './statistic-figures.ts';
import { isFilterOn, toggleFilter } from './statistic-filters.ts';

const GROUP_LOOK: Record<StateGroupKey, { icon: ReactNode; labelKey: string }> = {
  pending: {
    icon: <ExclamationCircleOutlined style={{ color: '#f56c6c' }} />,
    labelKey: 'defect.statistic.pending',
  },
  audit: { icon: <AuditOutlined style={{ color: '#fbb13f' }} />, labelKey: 'defect.state.AUDIT' },
  closed: { icon: <CheckCircleOutlined style={{ color: '#67c23a' }} />, labelKey: 'defect.state.CLOSED' },
};

/** A change count: "+3" in colour when something moved, a muted 0 otherwise. */
function Delta({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'statistic-delta is-up' : 'statistic-delta'}>
      {value > 0 ? `+${value}` : 0}
    </span>
  );
}

/** Defects by state (pending, in review, closed) with today's and this week's changes. */
export function StatePanel({ projectId, filters, onFilter }: PanelProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: statisticKeys.state(projectId),
    queryFn: () => getStateCounts(projectId),
    enabled: projectId > 0,
  });
  const { all, groups } = summarizeStates(query.data?.data ?? []);
  return (
    <PanelState isLoading={query.isLoading} isEmpty={false} rows={4}>
      <div className="statistic-rows">
        <PanelRow
          className="statistic-state-row is-head"
          isActive={!filters.states}
          onClick={onFilter && (() => onFilter({ states: '' }))}
        >
          <span className="statistic-label">
            <AppstoreOutlined style={{ color: '#1989fa' }} />
            {t('defect.statistic.all')}
          </span>
          <span className="statistic-number">{all.a}</span>
          <span className="statistic-number is-caption">{t('defect.statistic.today')}</span>
          <span className="statistic-number is-caption">{t('defect.statistic.week')}</span>
        </PanelRow>
        {groups.map((group) => {
          const value = group.states.join(',');
          const look = GROUP_LOOK[group.key];
          return (
            <PanelRow
              key={group.key}
              className="statistic-state-row"
              title={group.key === 'pending' ? t('defect.statistic.pending-hint') : undefined}
              isActive={isFilterOn(filters, 'states', value)}
              onClick={onFilter && (() => onFilter(toggleFilter(filters, 'states', value)))}
            >
              <span className="statistic-label">
                {look.icon}
                {t(look.labelKey)}
              </span>
              <span className="statistic-number">{group.a}</span>
              <Delta value={group.d} />
              <Delta value={group.w} />
            </PanelRow>
          );
        })}
      </div>
    </PanelState>
  );
}
