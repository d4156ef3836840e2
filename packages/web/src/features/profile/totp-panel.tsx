import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TotpEnrolment, TotpStatus } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Form, Input, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.store.ts';
import { disableTotp, getTotpStatus, startTotp, totpKeys } from './totp.api.ts';
import { TotpEnrol } from './totp-enrol.tsx';
import { TotpRecoveryCodes } from './totp-recovery-codes.tsx';

/** Below this many recovery codes left, the panel suggests a new set. */
const FEW_RECOVERY_CODES = 3;

/**
 * Two-factor sign-in in the personal center: off (turn on: QR code and key, then the first
 * code), the recovery codes once, or on (since when, codes left; turn off with password and code).
 */
export function TotpPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useSession((s) => s.user?.userName ?? '');
  // Always read afresh: a sign-in elsewhere may have used a recovery code since.
  const query = useQuery({ queryKey: totpKeys.status, queryFn: getTotpStatus, staleTime: 0 });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | undefined>(undefined);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>(undefined);
  const [isStarting, setStarting] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: totpKeys.status });
  const status = query.data?.data;

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment((await startTotp()).data);
    } catch {
      // Reported by the HTTP layer.
    } finally {
      setStarting(false);
    }
  };

  let body: ReactNode;
  if (recoveryCodes)
    body = (
      <TotpRecoveryCodes codes={recoveryCodes} account={account} onDone={() => setRecoveryCodes(undefined)} />
    );
  else if (enrolment)
    body = (
      <TotpEnrol
        enrolment={enrolment}
        onCancel={() => setEnrolment(undefined)}
        onConfirmed={(codes) => {
          setEnrolment(undefined);
          setRecoveryCodes(codes);
          refresh();
        }}
      />
    );
  else if (status?.enabled) body = <TotpOn status={status} onOff={refresh} />;
  else
    body = (
      <Flex vertical gap={12} align="flex-start">
        <Tag>{t('totp.off')}</Tag>
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined />}
          loading={isStarting}
          disabled={!status}
          onClick={() => void start()}
        >
          {t('totp.turn-on')}
        </Button>
      </Flex>
    );

  return (
    <Flex vertical gap={16} data-testid="totp-panel">
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 680 }}>
        {t('totp.intro')}
      </Typography.Paragraph>
      {body}
    </Flex>
  );
}

function TotpOn({ status, onOff }: { status: TotpStatus; onOff: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const [isTurningOff, setTurningOff] = useState(false);
  const [isSaving, setSaving] = useState(false);

  const submit = async (values: { password: string; code: string }) => {
    setSaving(true);
    try {
      await disableTotp(values.password, values.code.trim());
      message.success(t('totp.disabled'));
      onOff();
    } catch {
      form.setFieldValue('code', '');
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 520 }}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'status', label: t('totp.status'), children: <Tag color="green">{t('totp.on')}</Tag> },
          { key: 'since', label: t('totp.enabled-since'), children: status.enabledTime },
          { key: 'left', label: t('totp.recovery-left'), children: status.recoveryCodesLeft },
        ]}
      />
      {status.recoveryCodesLeft < FEW_RECOVERY_CODES ? (
        <Alert type="warning" showIcon title={t('totp.recovery-low')} />
      ) : null}
      {isTurningOff ? (
        <Form form={form} name="totp-disable" layout="vertical" onFinish={submit} requiredMark={false}>
          <Typography.Paragraph type="secondary">{t('totp.disable.help')}</Typography.Paragraph>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[{ required: true, message: t('please-enter-your-password') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('totp.disable.code')}
            rules={[{ required: true, whitespace: true, message: t('totp.disable.code-required') }]}
          >
            <Input autoComplete="one-time-code" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button danger type="primary" htmlType="submit" loading={isSaving}>
              {t('totp.turn-off')}
            </Button>
            <Button onClick={() => setTurningOff(false)}>{t('cancel')}</Button>
          </Flex>
        </Form>
      ) : (
        <div>
          <Button danger onClick={() => setTurningOff(true)}>
            {t('totp.turn-off')}
          </Button>
        </div>
      )}
    </Flex>
  );
}
