import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { FormDialogState } from '../hooks/use-form-dialog.ts';
import { FormModal } from './form-modal.tsx';

interface FormDialogProps<V> {
  dialog: FormDialogState<V>;
  /** Distinct per dialog: antd derives field ids from it, so labels never point at another form's input. */
  name: string;
  title: string;
  width?: number;
  children: ReactNode;
}

/** An add/edit dialog around a vertical form; the fields go in as children. */
export function FormDialog<V>({ dialog, name, title, width, children }: FormDialogProps<V>) {
  return (
    <FormModal
      open={dialog.isOpen}
      title={title}
      width={width}
      isSaving={dialog.isSaving}
      onOk={dialog.submit}
      onCancel={dialog.close}
    >
      <Form
        form={dialog.form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={dialog.initialValues as Record<string, unknown> | undefined}
      >
        {children}
      </Form>
    </FormModal>
  );
}
