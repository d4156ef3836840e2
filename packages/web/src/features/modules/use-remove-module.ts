import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { defectKeys } from '../../lib/query-keys.ts';
import { deleteModules, moduleKeys } from './modules.api.ts';

/**
 * Deleting a deliverable: the usual question, then the delete. When the node has sub-deliverables
 * or linked defects the server answers with what would happen instead; that is asked next, and
 * only a yes deletes the whole subtree (and unlinks the defects).
 */
export function useRemoveModule() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();

  const removed = async () => {
    message.success(t('delete-success'));
    await queryClient.invalidateQueries({ queryKey: moduleKeys.all });
    await queryClient.invalidateQueries({ queryKey: defectKeys.all });
  };

  const askImpact = (moduleId: number, impact: string) =>
    modal.confirm({
      title: t('module.delete-impact-title'),
      content: impact,
      okText: t('module.delete-all'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteModules([moduleId], true)
          .then(removed)
          .catch(() => {}),
    });

  return (node: { moduleId: number; moduleName: string }) =>
    modal.confirm({
      title: t('prompted'),
      content: t('module.confirm-delete', { name: node.moduleName }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteModules([node.moduleId], false)
          .then((outcome) => (outcome.isDone ? removed() : void askImpact(node.moduleId, outcome.message)))
          .catch(() => {}),
    });
}
