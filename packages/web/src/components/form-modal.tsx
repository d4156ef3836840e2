import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps {
  open: boolean;
  title: string;
  isSaving?: boolean;
  width?: number;
  onOk: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** Add/edit dialog: full width on phones, fixed width from the md breakpoint up. */
export function FormModal({ open, title, isSaving, width = 600, onOk, onCancel, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={isSaving}
      onOk={onOk}
      onCancel={onCancel}
      width={{ xs: '100%', md: width }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
