import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordFields, type ChangePasswordValues } from '../../components/password-fields.tsx';
import { updatePassword } from '../auth/index.ts';

export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [isSaving, setSaving] = useState(false);

  const submit = async (values: ChangePasswordValues) => {
    setSaving(true);
    try {
      await updatePassword(values.oldPassword, values.newPassword);
      message.success(t('modify-success'));
      form.resetFields();
    } catch {
      // Reported by the HTTP layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name="change-password" layout="vertical" style={{ maxWidth: 520 }} onFinish={submit}>
      <ChangePasswordFields />
      <Button type="primary" htmlType="submit" loading={isSaving}>
        {t('save')}
      </Button>
    </Form>
  );
}
