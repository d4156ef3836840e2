import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirm } from './use-confirm.ts';

interface ConfirmRemoveOptions {
  /** The question, given the ids joined with commas. */
  content: (ids: string) => string;
  remove: (ids: number[]) => Promise<unknown>;
  /** Runs once the removal succeeded, before the queries are invalidated (e.g. clears the selection). */
  onRemoved?: () => unknown;
  /** Queries the removal makes stale, invalidated one after another. */
  invalidate?: readonly QueryKey[];
  /** Toast on success; "deleted" by default. */
  success?: string;
}

/**
 * Removing rows from a list: with no rows it only says to select some; otherwise it asks first,
 * removes, then refreshes what showed them.
 */
export function useConfirmRemove({
  content,
  remove,
  onRemoved,
  invalidate = [],
  success,
}: ConfirmRemoveOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  return (ids: number[]) => {
    if (ids.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    confirm({
      content: content(ids.join(',')),
      success,
      action: async () => {
        await remove(ids);
        await onRemoved?.();
        for (const queryKey of invalidate) await queryClient.invalidateQueries({ queryKey });
      },
    });
  };
}
