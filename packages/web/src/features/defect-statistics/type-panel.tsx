import { AppstoreOutlined, BugOutlined, BulbOutlined, CheckSquareOutlined } from '@ant-design/icons';
import type { DefectType } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getTypeCounts, statisticKeys } from './defect-statistics.api.ts';
import { type PanelProps, PanelRow, PanelState } from './panel-row.tsx';
import { isFilterOn, toggleFilter } from './statistic-filters.ts';

/** The type colours of the list's type tags: BUG red, TASK green, DEMAND amber. */
const TYPE_ICONS: Record<DefectType, ReactNode> = {
  BUG: <BugOutlined style={{ color: '#ff4949' }} />,
  TASK: <CheckSquareOutlined style={{ color: '#13ce66' }} />,
  DEMAND: <BulbOutlined style={{ color: '#ffba00' }} />,
};

/** Defects by type; a row filters the list by that type. */
export function TypePanel({ projectId, filters, onFilter }: PanelProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: statisticKeys.type(projectId),
    queryFn: () => getTypeCounts(projectId),
    enabled: projectId > 0,
  });
  const rows = query.data?.data ?? [];
  const total = rows.reduce((sum, row) => sum + row.v, 0);
  return (
    <PanelState isLoading={query.isLoading} isEmpty={false} rows={4}>
      <div className="statistic-rows">
        <PanelRow
          className="statistic-count-row"
          isActive={!filters.type}
          onClick={onFilter && (() => onFilter({ type: '' }))}
        >
          <span className="statistic-label">
            <AppstoreOutlined style={{ color: '#1989fa' }} />
            {t('defect.statistic.all')}
          </span>
          <span className="statistic-number">{total}</span>
        </PanelRow>
        {rows.map((row) => (
          <PanelRow
            key={row.k}
            className="statistic-count-row"
            isActive={isFilterOn(filters, 'type', row.k)}
            onClick={onFilter && (() => onFilter(toggleFilter(filters, 'type', row.k)))}
          >
            <span className="statistic-label">
              {TYPE_ICONS[row.k]}
              {t(`defect.type.${row.k}`)}
            </span>
            <span className="statistic-number">{row.v}</span>
          </PanelRow>
        ))}
      </div>
    </PanelState>
  );
}
