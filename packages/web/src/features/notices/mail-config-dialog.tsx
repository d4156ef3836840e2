import { EMAIL_PATTERN, LIMITS } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { mailBody, SMTP_DEFAULTS } from './mail-config.ts';
import { getMailConfig, type MailConfigBody, noticeKeys, saveMailConfig } from './notices.api.ts';

/** The SMTP server notices are mailed through (administrators only); the password is write-only. */
export function MailConfigDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MailConfigBody>();
  const query = useQuery({
    queryKey: noticeKeys.mail,
    queryFn: getMailConfig,
    enabled: isOpen,
    staleTime: 0,
  });
  const stored = query.data?.data;
  useEffect(() => {
    if (!isOpen || !query.isSuccess) return;
    const { hasPassword: _ignored, ...shown } = stored ?? { ...SMTP_DEFAULTS, hasPassword: false };
    form.setFieldsValue({ ...SMTP_DEFAULTS, ...shown, password: '' });
  }, [isOpen, query.isSuccess, stored, form]);

  const mutation = useMutation({
    mutationFn: (values: MailConfigBody) => saveMailConfig(mailBody(values)),
    onSuccess: () => {
      message.success(t('save.success'));
      void queryClient.invalidateQueries({ queryKey: noticeKeys.mail });
      onClose();
    },
  });
  const submit = () =>
    void form
      .validateFields()
      .then((values) => mutation.mutate(values))
      .catch(() => {});

  return (
    <FormModal
      open={isOpen}
      title={t('mail.server')}
      width={520}
      isSaving={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<MailConfigBody> form={form} name="mail-config" layout="vertical" initialValues={SMTP_DEFAULTS}>
          <Form.Item
            name="host"
            label={t('mail.host')}
            rules={[{ required: true, whitespace: true, message: t('mail.host-required') }]}
          >
            <Input maxLength={255} placeholder="smtp.example.com" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('mail.port')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: t('mail.port-invalid') }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="secure" label={t('mail.secure')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="user" label={t('mail.user')}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            extra={stored?.hasPassword ? t('mail.password-kept') : undefined}
          >
            <Input.Password
              maxLength={255}
              autoComplete="new-password"
              placeholder={stored?.hasPassword ? t('mail.password-unchanged') : undefined}
            />
          </Form.Item>
          <Form.Item
            name="from"
            label={t('sender-email')}
            rules={[
              { required: true, whitespace: true, message: t('email.please-enter-sender') },
              { max: LIMITS.email.max, message: t('email.format-error') },
              { pattern: EMAIL_PATTERN, message: t('email.format-error') },
            ]}
          >
            <Input maxLength={LIMITS.email.max} placeholder="buglet@example.com" />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
