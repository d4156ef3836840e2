import { AppstoreAddOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './defect-statistics.css';
import { StatisticBoard } from './statistic-board.tsx';
import type { PanelFilters } from './statistic-filters.ts';
import { usePanelLayout } from './use-panel-layout.ts';

export const TEMPLATE_PATH = '/defect/template/index';
const VISIBLE_KEY = 'buglet.defect.statistics-visible';

/** Shown unless the user hid it; remembered in this browser. */
function useStripVisible(): [boolean, (isVisible: boolean) => void] {
  const [isVisible, setVisible] = useState(() => {
    try {
      return localStorage.getItem(VISIBLE_KEY) !== '0';
    } catch {
      return true;
    }
  });
  const set = (next: boolean) => {
    setVisible(next);
    try {
      localStorage.setItem(VISIBLE_KEY, next ? '1' : '0');
    } catch {
      // Not remembered; the choice holds until the page is left.
    }
  };
  return [isVisible, set];
}

interface DefectStatisticStripProps {
  projectId: number;
  /** The list's current filters, so a panel can show which of its rows is applied. */
  filters: PanelFilters;
  /** Merges a panel's filter into the list's. */
  onFilter: (patch: PanelFilters) => void;
}

/** The statistics cards above the defect list, with a switch to fold them away and the way to the template page. */
export function DefectStatisticStrip({ projectId, filters, onFilter }: DefectStatisticStripProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isVisible, setVisible] = useStripVisible();
  const layout = usePanelLayout(projectId);
  const toggleLabel = t(isVisible ? 'defect.statistic.hide' : 'defect.statistic.show');
  // Without a current project there is nothing to count (the page says so itself).
  if (projectId <= 0) return null;

  return (
    <div className="statistic-area">
      <Flex align="center" justify="space-between" gap={8} className="statistic-area-bar">
        <Typography.Text type="secondary" className="statistic-area-title">
          {t('defect.statistics')}
        </Typography.Text>
        <Flex gap={4} wrap>
          <Button
            type="text"
            size="small"
            icon={<AppstoreAddOutlined />}
            onClick={() => navigate(TEMPLATE_PATH)}
          >
            {t('defect.statistic-template')}
          </Button>
          <Button
            type="text"
            size="small"
            aria-expanded={isVisible}
            icon={isVisible ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setVisible(!isVisible)}
          >
            {toggleLabel}
          </Button>
        </Flex>
      </Flex>
      {!isVisible ? null : layout.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : layout.panels.length === 0 ? (
        <Typography.Paragraph type="secondary" className="statistic-none">
          {t('defect.statistic.none')}{' '}
          <Typography.Link onClick={() => navigate(TEMPLATE_PATH)}>
            {t('defect.statistic.add')}
          </Typography.Link>
        </Typography.Paragraph>
      ) : (
        <StatisticBoard projectId={projectId} layout={layout} filters={filters} onFilter={onFilter} />
      )}
    </div>
  );
}
