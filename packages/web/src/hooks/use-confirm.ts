import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a destructive or state-changing action, runs it, then shows the success toast.
 * A failure was already reported by the HTTP layer, so the dialog simply closes.
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  return (options: {
    content: string;
    action: () => Promise<unknown>;
    success?: string;
    isDanger?: boolean;
  }) =>
    modal.confirm({
      title: t('prompted'),
      content: options.content,
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: options.isDanger ?? true },
      onOk: () =>
        options
          .action()
          .then(() => {
            message.success(options.success ?? t('delete-success'));
          })
          .catch(() => {}),
    });
}
