import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasswordRequest {
  title: string;
  /** The warning above the password field. */
  content: string;
  /** Sends the password; a rejection keeps the dialog open (the HTTP layer has shown why). */
  action: (password: string) => Promise<unknown>;
}

interface PasswordConfirmDialogProps {
  request: PasswordRequest | undefined;
  onClose: () => void;
}

/** Asks for the caller's own password before something that cannot be undone (deleting a team or project). */
export function PasswordConfirmDialog({ request, onClose }: PasswordConfirmDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    if (!request) return;
    const { password } = await form.validateFields();
    setSaving(true);
    try {
      await request.action(password);
      message.success(t('delete-success'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={request !== undefined}
      title={request?.title}
      okText={t('delete')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      width={{ xs: '100%', md: 460 }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={request?.content} style={{ marginBottom: 16 }} />
      <Form form={form} name="password-confirm" layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('password')}
          rules={[{ required: true, message: t('please-enter-your-password') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Page-side state: `ask` opens the dialog, `dialog` is the element to render once. */
export function usePasswordConfirm() {
  const [request, setRequest] = useState<PasswordRequest | undefined>(undefined);
  return {
    ask: setRequest,
    dialog: <PasswordConfirmDialog request={request} onClose={() => setRequest(undefined)} />,
  };
}
