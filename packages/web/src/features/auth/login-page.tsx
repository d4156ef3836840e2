import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@buglet/contracts/limits';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { page } from '../../components/page-loading.tsx';
import { warmUpApp } from '../../router/warm-up.ts';
import { useSession } from '../../stores/session.store.ts';
import { AuthShell } from './auth-shell.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { readRemembered, saveRemembered } from './remember-me.ts';
import { useCaptcha } from './use-captcha.ts';

// Only accounts with two-factor sign-in reach the code step: the sign-in page loads it then.
const TotpStep = lazy(() => import('./totp-step.tsx').then((m) => ({ default: m.TotpStep })));

interface LoginValues {
  username: string;
  password: string;
  code?: string;
  rememberMe: boolean;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useSession((s) => s.login);
  const captcha = useCaptcha();
  const [form] = Form.useForm<LoginValues>();
  const [isLoading, setLoading] = useState(false);
  /** The password was right and the account asks for a two-factor code: the code step's ticket. */
  const [second, setSecond] = useState<{ ticket: string; values: LoginValues } | undefined>(undefined);

  const finish = (values: LoginValues) => {
    saveRemembered({
      username: values.username.trim(),
      password: values.password,
      rememberMe: values.rememberMe,
    });
    // Only in-app paths are accepted as redirect targets.
    const redirect = searchParams.get('redirect');
    navigate(redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/', { replace: true });
  };

  const submit = async (values: LoginValues) => {
    setLoading(true);
    try {
      const username = values.username.trim();
      const next = await login({
        username,
        password: values.password,
        code: values.code,
        uuid: captcha.uuid,
      });
      if (next) {
        setLoading(false);
        setSecond({ ticket: next.ticket, values });
        return;
      }
      finish(values);
    } catch {
      setLoading(false);
      form.setFieldValue('code', '');
      if (captcha.isEnabled) void captcha.refresh();
    }
  };

  const accountMessage = t('account-size-exception', { min: LIMITS.account.min, max: LIMITS.account.max });
  const passwordMessage = t('password-size-exception', {
    min: LIMITS.password.min,
    max: LIMITS.password.max,
  });

  if (second)
    return (
      <AuthShell isWithIntro>
        {page(
          <TotpStep
            ticket={second.ticket}
            onSignedIn={() => finish(second.values)}
            onRestart={() => {
              setSecond(undefined);
              form.setFieldValue('code', '');
              if (captcha.isEnabled) void captcha.refresh();
            }}
          />,
        )}
      </AuthShell>
    );

  return (
    <AuthShell isWithIntro>
      <Form
        form={form}
        initialValues={readRemembered()}
        onFinish={submit}
        // The first key pressed starts loading the app behind the sign-in (router/warm-up.ts).
        onValuesChange={warmUpApp}
        onFocus={warmUpApp}
        size="large"
      >
        <Form.Item
          name="username"
          rules={[
            { required: true, whitespace: true, message: t('please-enter-your-account') },
            { min: LIMITS.account.min, max: LIMITS.account.max, message: accountMessage },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={t('account')} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('please-enter-your-password') },
            { min: LIMITS.password.min, max: LIMITS.password.max, message: passwordMessage },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('password')}
            autoComplete="current-password"
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
        <Form.Item name="rememberMe" valuePropName="checked">
          <Checkbox>{t('remember-password')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          {isLoading ? t('logging-in') : t('login')}
        </Button>
        {captcha.isRegisterEnabled ? (
          <Flex justify="flex-end" style={{ marginTop: 12 }}>
            <Link to="/register">{t('register-now')}</Link>
          </Flex>
        ) : null}
      </Form>
    </AuthShell>
  );
}
