import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getModuleRanking, MODULE_PAGE_SIZE, statisticKeys } from './defect-statistics.api.ts';
import { type PanelProps, PanelRow, PanelState } from './panel-row.tsx';
import { percentDone, progressColour, rankColour } from './statistic-figures.ts';
import { isFilterOn, toggleFilter } from './statistic-filters.ts';

/**
 * Deliverables from the least finished (finished = resolved or closed), three to a page; a row
 * filters the list by that deliverable, a second click clears it.
 */
export function ModulePanel({ projectId, filters, onFilter }: PanelProps) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: statisticKeys.module(projectId, pageNum),
    queryFn: () => getModuleRanking(projectId, pageNum),
    enabled: projectId > 0,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  // Fewer deliverables than before (one emptied elsewhere): go back to a page that has rows.
  const lastPage = Math.max(1, Math.ceil(total / MODULE_PAGE_SIZE));
  if (query.isSuccess && pageNum > lastPage) setPageNum(lastPage);

  return (
    <PanelState isLoading={query.isLoading} isEmpty={rows.length === 0} rows={4}>
      <div className="statistic-rows">
        {rows.map((row, i) => {
          const rank = (pageNum - 1) * MODULE_PAGE_SIZE + i + 1;
          const percent = percentDone(row.f, row.a);
          const value = String(row.id);
          return (
            <PanelRow
              key={row.id}
              className="statistic-module-row"
              title={t('defect.statistic.module-progress', { name: row.k, finished: row.f, total: row.a })}
              isActive={isFilterOn(filters, 'module', value)}
              onClick={onFilter && (() => onFilter(toggleFilter(filters, 'module', value)))}
            >
              <span className="statistic-rank" style={{ background: rankColour(rank) }}>
                {rank}
              </span>
              <span className="statistic-module-name">{row.k}</span>
              <Progress
                aria-label={t('defect.statistic.module-progress', {
                  name: row.k,
                  finished: row.f,
                  total: row.a,
                })}
                percent={percent}
                showInfo={false}
                size="small"
                strokeColor={progressColour(percent)}
                className="statistic-module-bar"
              />
              <span className="statistic-number">
                {row.f}/{row.a}
              </span>
            </PanelRow>
          );
        })}
      </div>
      {/* Read-only cards are one click target on the template page: no pager inside them. */}
      {onFilter && total > MODULE_PAGE_SIZE ? (
        <Pagination
          simple
          size="small"
          className="statistic-pager"
          current={pageNum}
          pageSize={MODULE_PAGE_SIZE}
          total={total}
          onChange={setPageNum}
        />
      ) : null}
    </PanelState>
  );
}
