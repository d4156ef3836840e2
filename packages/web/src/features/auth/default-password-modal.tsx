import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordFields, type ChangePasswordValues } from '../../components/password-fields.tsx';
import { useSession } from '../../stores/session.store.ts';
import { updatePassword } from './auth.api.ts';

/** Nudges users still on the initial password; "Later" dismisses it until the next login. */
export function DefaultPasswordModal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isOpen = useSession((s) => s.isDefaultModifyPwd);
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
    </Modal>
  );
}
