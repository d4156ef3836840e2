import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { FormDialogState } from '../hooks/use-form-dialog.ts';
import { FormModal } from './form-modal.tsx';

interface FormDialogProps<V> {
  dialog: FormDialogState<V>;
  title: string;
  width?: number;
  children: ReactNode;
}

/** An add/edit dialog around a vertical form; the fields go in as children. */
export function FormDialog<V>({ dialog, title, width, children }: FormDialogProps<V>) {
  return (
    <FormModal
      open={dialog.isOpen}
      title={title}
      width={width}
      isSaving={dialog.isSaving}
      onOk={dialog.submit}
      onCancel={dialog.close}
    >
      <Form form={dialog.form} layout="vertical" preserve={false}>
        {children}
      </Form>
    </FormModal>
  );
}
