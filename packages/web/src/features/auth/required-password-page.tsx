import { App, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordFields, type ChangePasswordValues } from '../../components/password-fields.tsx';
import { useSession } from '../../stores/session.store.ts';
import { updatePassword } from './auth.api.ts';
import { AuthShell } from './auth-shell.tsx';

/**
 * Shown instead of the app to someone whose password another person chose (an administrator made,
 * imported or reset the account, or it is the platform's initial password): the server serves
 * them nothing else until they set their own, so there is no "later".
 */
export default function RequiredPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [isSaving, setSaving] = useState(false);
  const passwordChanged = useSession((s) => s.passwordChanged);
  const logout = useSession((s) => s.logout);
  const userName = useSession((s) => s.user?.userName);

  const submit = async (values: ChangePasswordValues) => {
    setSaving(true);
    try {
      await updatePassword(values.oldPassword, values.newPassword);
      message.success(t('modify-success'));
      passwordChanged();
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthShell>
      <h4 style={{ marginTop: 0 }}>{t('required-password.title')}</h4>
      <p>{t('required-password.content', { userName: userName ?? '' })}</p>
      <Form form={form} name="required-password" layout="vertical" onFinish={(v) => void submit(v)}>
        <ChangePasswordFields />
        <Flex gap={8} justify="space-between">
          <Button onClick={() => void logout()}>{t('logout')}</Button>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {t('modify-password')}
          </Button>
        </Flex>
      </Form>
    </AuthShell>
  );
}
