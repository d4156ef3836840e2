import { SUPER_ADMIN_ID } from '@buglet/contracts';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordFields, type ChangePasswordValues } from '../../components/password-fields.tsx';
import { useSession } from '../../stores/session.store.ts';
import { updatePassword } from './auth.api.ts';
import { RegistrationQuestion } from './registration-question.tsx';

/**
 * Nudges users still on the initial password; "Later" dismisses it until the next login. The super
 * administrator on the default password is on a fresh install: they are also asked whether people
 * may register themselves.
 */
export function DefaultPasswordModal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isOpen = useSession((s) => s.isDefaultModifyPwd);
  const isSuperAdmin = useSession((s) => s.user?.userId === SUPER_ADMIN_ID);
  const dismiss = useSession((s) => s.dismissPasswordPrompt);
  const [form] = Form.useForm<ChangePasswordValues>();
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await updatePassword(values.oldPassword, values.newPassword);
      message.success(t('modify-success'));
      form.resetFields();
      dismiss();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={t('default-password.title')}
      okText={t('modify-password')}
      cancelText={t('later')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => {})}
      onCancel={dismiss}
      mask={{ closable: false }}
      width={{ xs: '100%', md: 480 }}
      destroyOnHidden
    >
      <p>{t('default-password.content')}</p>
      <Form form={form} name="default-password" layout="vertical">
        <ChangePasswordFields />
      </Form>
      {isSuperAdmin ? <RegistrationQuestion /> : null}
    </Modal>
  );
}
