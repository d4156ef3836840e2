import type { User } from '@buglet/contracts';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { usePasswordHint, usePasswordRules } from '../../components/password-fields.tsx';
import { resetUserPassword } from './users.api.ts';

export function ResetPasswordDialog({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [isSaving, setSaving] = useState(false);
  const rules = usePasswordRules();
  const hint = usePasswordHint();

  const submit = async () => {
    if (!user) return;
    const { password } = await form.validateFields();
    setSaving(true);
    try {
      await resetUserPassword(user.userId, password);
      message.success(t('user.reset-password-success', { account: user.userName }));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      open={user !== undefined}
      title={t('reset-password')}
      width={420}
      isSaving={isSaving}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Form form={form} name="reset-password" layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('user.new-password-for', { account: user?.userName ?? '' })}
          rules={rules}
          extra={hint}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
