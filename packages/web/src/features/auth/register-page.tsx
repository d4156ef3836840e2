import { LockOutlined, MobileOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@buglet/contracts';
import { App, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAccountRules, usePhoneRules } from '../../components/contact-rules.ts';
import { usePasswordHint, usePasswordRules } from '../../components/password-fields.tsx';
import { register } from './auth.api.ts';
import { AuthShell } from './auth-shell.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { useCaptcha } from './use-captcha.ts';

interface RegisterValues {
  username: string;
  nickName?: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  code?: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [form] = Form.useForm<RegisterValues>();
  const [isLoading, setLoading] = useState(false);
  const passwordRules = usePasswordRules();
  const passwordHint = usePasswordHint();
  const accountRules = useAccountRules();
  const phoneRules = usePhoneRules();

  const submit = async (values: RegisterValues) => {
    setLoading(true);
    try {
      const username = values.username.trim();
      await register({
        ...values,
        username,
        nickName: values.nickName?.trim() || undefined,
        uuid: captcha.uuid,
      });
      modal.success({
        title: t('prompted'),
        content: t('account-successfully-registered', { account: username }),
        okText: t('ok'),
        onOk: () => navigate('/login'),
      });
    } catch {
      form.setFieldValue('code', '');
      if (captcha.isEnabled) void captcha.refresh();
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthShell>
      <Form form={form} onFinish={submit} size="large">
        <Form.Item name="username" rules={accountRules}>
          <Input prefix={<UserOutlined />} placeholder={t('account')} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="nickName"
          rules={[{ max: LIMITS.nickName.max, message: t('nick-name-size-exception') }]}
        >
          <Input prefix={<SmileOutlined />} placeholder={t('nick-name')} maxLength={LIMITS.nickName.max} />
        </Form.Item>
        <Form.Item name="phoneNumber" rules={phoneRules}>
          <Input prefix={<MobileOutlined />} placeholder={t('phone-number')} maxLength={LIMITS.phone.max} />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules} extra={passwordHint}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('password')}
            aria-label={t('password')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('please-enter-your-password-again') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('entered-passwords-differ'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('confirm-password')}
            aria-label={t('confirm-password')}
            autoComplete="new-password"
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        {captcha.isEnabled ? (
          <div style={{ marginBottom: 24 }}>
            <CaptchaField
              image={captcha.image}
              onRefresh={() => void captcha.refresh()}
              onEnter={() => form.submit()}
            />
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          {isLoading ? t('registering') : t('register')}
        </Button>
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Link to="/login">{t('login-existing-account')}</Link>
        </Flex>
      </Form>
    </AuthShell>
  );
}
