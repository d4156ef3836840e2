import type { StatisticPanel } from '@buglet/contracts';
import type { ComponentType } from 'react';
import { MemberPanel } from './member-panel.tsx';
import { ModulePanel } from './module-panel.tsx';
import { MyLifePanel } from './my-life-panel.tsx';
import type { PanelProps } from './panel-row.tsx';
import { StatePanel } from './state-panel.tsx';
import { TypePanel } from './type-panel.tsx';
import {
  MemberTrendPanel,
  MyOpenTodoPanel,
  MyParticipationPanel,
  StateTrendPanel,
  TeamWorkloadPanel,
} from './v2-panels.tsx';

/** Each panel the server accepts in a layout, with its title and body. */
export const PANELS: Record<StatisticPanel, { titleKey: string; Body: ComponentType<PanelProps> }> = {
  DefectMemberOnline: { titleKey: 'defect.online-member', Body: MemberPanel },
  DefectModule: { titleKey: 'defect.module-ranking', Body: ModulePanel },
  DefectState: { titleKey: 'defect.status-statistics', Body: StatePanel },
  DefectType: { titleKey: 'defect.type-statistics', Body: TypePanel },
  MyLife: { titleKey: 'defect.my-life', Body: MyLifePanel },
  MyOpenTodoGauge: { titleKey: 'defect.statistic.my-todo', Body: MyOpenTodoPanel },
  TeamOpenWorkloadBar: { titleKey: 'defect.statistic.team-workload', Body: TeamWorkloadPanel },
  MyParticipationHeatmap: { titleKey: 'defect.statistic.participation', Body: MyParticipationPanel },
  TeamDefectStateTrend: { titleKey: 'defect.statistic.state-trend', Body: StateTrendPanel },
  TeamMemberDefectTrend: { titleKey: 'defect.statistic.member-trend', Body: MemberTrendPanel },
};
