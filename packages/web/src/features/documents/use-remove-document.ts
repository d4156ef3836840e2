import type { DocumentNode } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteDocuments, documentKeys, isFolder } from './documents.api.ts';

/**
 * Deleting a document or folder: the usual question, then the delete. A folder with content is
 * refused by the server with what would go with it; that is asked next, and only a yes deletes the
 * whole subtree.
 */
export function useRemoveDocument() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();

  const removed = async () => {
    message.success(t('delete-success'));
    await queryClient.invalidateQueries({ queryKey: documentKeys.all });
  };

  const askImpact = (docId: number, impact: string) =>
    modal.confirm({
      title: t('doc.delete-impact-title'),
      content: impact,
      okText: t('doc.delete-all'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteDocuments([docId], true)
          .then(removed)
          .catch(() => {}),
    });

  return (doc: DocumentNode) =>
    modal.confirm({
      title: t('prompted'),
      content: t(isFolder(doc) ? 'doc.delete-folder-confirm' : 'doc.delete-file-confirm', {
        name: doc.docName,
      }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteDocuments([doc.docId], false)
          .then((outcome) => (outcome.isDone ? removed() : void askImpact(doc.docId, outcome.message)))
          .catch(() => {}),
    });
}
