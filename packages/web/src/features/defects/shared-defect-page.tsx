import { ExportOutlined, LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Layout, Result, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LangSelect } from '../../layout/lang-select.tsx';
import { useSession } from '../../stores/session.store.ts';
import { useSwitchProject } from '../projects/index.ts';
import { passwordStorageKey, type SharedDefect, shareKeys, viewShare } from './defect-shares.api.ts';
import { SharedDefectView } from './shared-defect-view.tsx';

/**
 * The server tells a password refusal from a dead link only by its (translated) message. Both of
 * its password messages name the password, the link ones do not, so the form shows only for those.
 */
/** The server marks refusals that its password form answers. */
const isPasswordProblem = (result: object) =>
  'passwordRequired' in result && result.passwordRequired === true;

function PasswordForm({ message, onSubmit }: { message: string; onSubmit: (password: string) => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 360, margin: '32px auto' }}>
      <Form
        name="shard-password"
        layout="vertical"
        onFinish={(values: { password: string }) => onSubmit(values.password)}
      >
        <Alert type="warning" showIcon title={message} style={{ marginBottom: 16 }} />
        <Form.Item
          name="password"
          label={t('share.password')}
          rules={[{ required: true, pattern: /^\d{4}$/, message: t('share.password-format') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            maxLength={4}
            inputMode="numeric"
            autoFocus
            placeholder={t('share.password-placeholder')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          {t('share.verify')}
        </Button>
      </Form>
    </div>
  );
}

function OpenInProject({ redirect }: { redirect: NonNullable<SharedDefect['redirect']> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchProject = useSwitchProject();
  const [isBusy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await switchProject(redirect.projectId);
      navigate(`/project/defect?defectId=${redirect.defectId}`);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" icon={<ExportOutlined />} loading={isBusy} onClick={() => void open()}>
      {t('share.open-in-project')}
    </Button>
  );
}

/** /shard/defect?id=…: a shared defect for anyone with the link (and its password, when it has one). */
export default function SharedDefectPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const shardId = searchParams.get('id') ?? '';
  const hasToken = useSession((s) => s.token !== undefined);
  const [password, setPassword] = useState(() => localStorage.getItem(passwordStorageKey(shardId)) ?? '');
  // Counts attempts, so trying the same wrong password again asks the server again.
  const [attempt, setAttempt] = useState(0);
  const query = useQuery({
    queryKey: [...shareKeys.view(shardId, password), attempt, i18n.language],
    queryFn: () => viewShare(shardId, password),
    enabled: shardId !== '',
    retry: false,
  });
  const result = query.data;
  const isOk = result?.code === 200 && result.data !== undefined;

  useEffect(() => {
    if (!result || !password) return;
    if (result.code === 200) localStorage.setItem(passwordStorageKey(shardId), password);
    else if (isPasswordProblem(result)) localStorage.removeItem(passwordStorageKey(shardId));
  }, [result, password, shardId]);

  let body: React.ReactNode;
  if (!shardId) body = <Result status="404" title={t('share.no-link')} />;
  else if (query.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (isOk && result.data) body = <SharedDefectView shared={result.data} />;
  else if (result && isPasswordProblem(result))
    body = (
      <PasswordForm
        message={result.msg}
        onSubmit={(value) => {
          setPassword(value);
          setAttempt((n) => n + 1);
        }}
      />
    );
  else body = <Result status="warning" title={result?.msg ?? t('http.unknown-error')} />;

  const redirect = isOk && hasToken ? result.data?.redirect : undefined;
  return (
    <Layout style={{ minHeight: '100vh' }} className="shared-defect-page">
      <Layout.Header
        style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0', height: 56 }}
      >
        <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {t('system-name')}
          </Typography.Text>
          <Flex align="center" gap={8}>
            {redirect ? <OpenInProject redirect={redirect} /> : null}
            <LangSelect isCompact />
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>
        <Card style={{ maxWidth: 960, margin: '0 auto' }}>{body}</Card>
      </Layout.Content>
    </Layout>
  );
}
