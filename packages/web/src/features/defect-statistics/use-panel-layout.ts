import type { StatisticPanel } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { getLayout, saveLayout, statisticKeys } from './defect-statistics.api.ts';
import { addPanel, movePanel, type PanelEntry, removePanel } from './statistic-layout.ts';

/**
 * The user's panels for the project and the changes to them. Every change shows at once, is saved
 * (one request after another, so the last one wins) and confirmed with a toast; a failed save puts
 * the stored layout back.
 */
export function usePanelLayout(projectId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = statisticKeys.layout(projectId);
  const query = useQuery({ queryKey: key, queryFn: () => getLayout(projectId), enabled: projectId > 0 });
  const panels = query.data ?? [];

  const mutation = useMutation({
    mutationFn: (next: PanelEntry[]) => saveLayout(projectId, next),
    scope: { id: `statistic-layout-${projectId}` },
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, next);
    },
    onSuccess: () =>
      void message.success({ key: 'statistic-save', content: t('defect.statistic-save-success') }),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const save = (next: PanelEntry[]) => mutation.mutate(next);

  return {
    panels,
    isLoading: query.isLoading,
    move: (from: number, to: number) => {
      if (to < 0 || to >= panels.length || from === to) return;
      save(movePanel(panels, from, to));
    },
    remove: (name: StatisticPanel) => save(removePanel(panels, name)),
    /** False when the panel is shown already (nothing is saved then). */
    add: (name: StatisticPanel): boolean => {
      const next = addPanel(panels, name);
      if (next) save(next);
      return next !== undefined;
    },
  };
}

export type PanelLayout = ReturnType<typeof usePanelLayout>;
