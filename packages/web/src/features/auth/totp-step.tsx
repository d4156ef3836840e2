import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.store.ts';

interface TotpStepProps {
  /** The ticket the password step answered. */
  ticket: string;
  onSignedIn: () => void;
  /** Back to the password (asked for by the person, or the ticket is gone). */
  onRestart: () => void;
}

/** The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery code. */
export function TotpStep({ ticket, onSignedIn, onRestart }: TotpStepProps) {
  const { t } = useTranslation();
  const loginWithCode = useSession((s) => s.loginWithCode);
  const [form] = Form.useForm<{ code: string }>();
  const [isRecovery, setRecovery] = useState(false);
  const [isLoading, setLoading] = useState(false);

  const submit = async ({ code }: { code: string }) => {
    setLoading(true);
    try {
      const value = code.trim();
      await loginWithCode(
        isRecovery ? { ticket, recoveryCode: value } : { ticket, code: value.replace(/\s+/g, '') },
      );
      onSignedIn();
    } catch (error) {
      setLoading(false);
      form.setFieldValue('code', '');
      if ((error as { isTicketExpired?: boolean }).isTicketExpired) onRestart();
    }
  };

  const toggle = () => {
    setRecovery(!isRecovery);
    form.resetFields();
  };

  return (
    <Form form={form} name="totp-step" onFinish={submit} size="large" data-testid="totp-step">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('totp.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {isRecovery ? t('totp.login.recovery-help') : t('totp.login.help')}
      </Typography.Paragraph>
      <Form.Item
        name="code"
        rules={
          isRecovery
            ? [{ required: true, whitespace: true, message: t('totp.login.recovery-required') }]
            : [
                { required: true, message: t('totp.code.required') },
                { pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: t('totp.code.format') },
              ]
        }
      >
        {isRecovery ? (
          <Input
            key="recovery"
            prefix={<KeyOutlined />}
            placeholder={t('totp.login.recovery-placeholder')}
            autoComplete="off"
            maxLength={40}
            autoFocus
            style={{ fontFamily: 'monospace' }}
          />
        ) : (
          <Input
            key="code"
            prefix={<SafetyOutlined />}
            placeholder={t('totp.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            autoFocus
            style={{ fontFamily: 'monospace' }}
          />
        )}
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('totp.login.verify')}
      </Button>
      <Flex justify="space-between" wrap style={{ marginTop: 12 }}>
        <Button type="link" style={{ padding: 0 }} onClick={toggle}>
          {isRecovery ? t('totp.login.use-code') : t('totp.login.use-recovery')}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={onRestart}>
          {t('totp.login.back')}
        </Button>
      </Flex>
    </Form>
  );
}
