import { CheckOutlined } from '@ant-design/icons';
import { App, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { useCurrentProject } from '../projects/index.ts';
import './defect-statistics.css';
import { StatisticBoard } from './statistic-board.tsx';
import { StatisticCard } from './statistic-card.tsx';
import { PANEL_ORDER } from './statistic-layout.ts';
import { PANELS } from './statistic-panels.ts';
import { usePanelLayout } from './use-panel-layout.ts';

const NO_FILTERS = {};

/**
 * Picks the statistics panels of the defect page: the preview holds the user's panels (reorder,
 * remove); clicking a panel of the selection adds it.
 */
export default function StatisticTemplatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const layout = usePanelLayout(projectId);
  const chosen = new Set(layout.panels.map((p) => p.name));

  const pick = (name: (typeof PANEL_ORDER)[number]) => {
    if (!layout.add(name)) void message.warning(t('defect.statistic-exists-warning'));
  };

  return (
    <Card>
      <PageHeaderBar title={t('defect.statistic-template')} backTo="/project/defect" />
      {projectId > 0 ? null : <Empty description={t('defect.statistic.no-project')} />}
      <section className="statistic-section" aria-label={t('defect.statistic.view')}>
        <Typography.Title level={5}>{t('defect.statistic.view')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('defect.statistic.view-hint')}</Typography.Paragraph>
        {layout.panels.length > 0 || layout.isLoading ? (
          <StatisticBoard projectId={projectId} layout={layout} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('defect.statistic.none')} />
        )}
      </section>
      <section className="statistic-section" aria-label={t('defect.statistic.select')}>
        <Typography.Title level={5}>{t('defect.statistic.select')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('defect.statistic.select-hint')}</Typography.Paragraph>
        <div className="statistic-strip">
          {PANEL_ORDER.map((name) => {
            const { titleKey, Body } = PANELS[name];
            return (
              <StatisticCard
                key={name}
                name={name}
                title={t(titleKey)}
                onPick={() => pick(name)}
                badge={
                  chosen.has(name) ? (
                    <span className="statistic-card-chosen">
                      <CheckOutlined /> {t('defect.statistic.selected')}
                    </span>
                  ) : null
                }
              >
                <Body projectId={projectId} filters={NO_FILTERS} />
              </StatisticCard>
            );
          })}
        </div>
      </section>
    </Card>
  );
}
