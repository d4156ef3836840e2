import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from '../../lib/realtime.ts';
import { aiKeys } from './ai.api.ts';
import { applyPullFrame, canonicalModel, type PullView, pullStarted, readPullFrame } from './model-pull.ts';

/**
 * Downloads of this project as its `aiModelPull` frames tell them (any member may have started
 * one). A finished or failed download is announced and the list reloaded for the final figures.
 */
export function useModelPulls(projectId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [pulls, setPulls] = useState<Map<string, PullView>>(() => new Map());

  useEffect(() => {
    setPulls(new Map());
    return subscribe('aiModelPull', (data) => {
      const frame = readPullFrame(data, projectId);
      if (!frame) return;
      setPulls((current) => applyPullFrame(current, frame));
      if (frame.state === 'PULLING') return;
      if (frame.state === 'SUCCESS') message.success(t('ai.model.pull-success', { name: frame.name }));
      else message.error(t('ai.model.pull-error', { name: frame.name, error: frame.error ?? '' }));
      void queryClient.invalidateQueries({ queryKey: aiKeys.models(projectId) });
    });
  }, [projectId, message, queryClient, t]);

  /** A download started here shows at 0 % before its first frame. */
  const start = useCallback(
    (name: string) => setPulls((current) => applyPullFrame(current, pullStarted(name))),
    [],
  );
  /** Deleted, or refused: the list alone says what the model is. */
  const forget = useCallback(
    (name: string) =>
      setPulls((current) => {
        const next = new Map(current);
        next.delete(canonicalModel(name));
        return next;
      }),
    [],
  );
  return { pulls, start, forget };
}
