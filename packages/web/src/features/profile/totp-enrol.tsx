import type { TotpEnrolment } from '@buglet/contracts';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmTotp } from './totp.api.ts';

interface TotpEnrolProps {
  enrolment: TotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Groups of four, as authenticator apps show a key to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The QR code and the key to type, then the first code, which turns two-factor sign-in on. */
export function TotpEnrol({ enrolment, onConfirmed, onCancel }: TotpEnrolProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [isSaving, setSaving] = useState(false);

  const submit = async ({ code }: { code: string }) => {
    setSaving(true);
    try {
      const res = await confirmTotp(code.replace(/\s+/g, ''));
      onConfirmed(res.data?.recoveryCodes ?? []);
    } catch {
      // Reported by the HTTP layer; the person types the next code.
      form.setFieldValue('code', '');
      setSaving(false);
    }
  };

  return (
    <Flex gap={24} wrap align="flex-start" data-testid="totp-enrol">
      <Flex vertical gap={8} align="center">
        <Typography.Text strong>{t('totp.enrol.scan')}</Typography.Text>
        <QRCodeSVG value={enrolment.otpauthUrl} size={176} marginSize={2} title={t('totp.enrol.qr')} />
      </Flex>
      <Flex vertical gap={12} style={{ flex: '1 1 280px', minWidth: 260, maxWidth: 420 }}>
        <div>
          <Typography.Text type="secondary">{t('totp.enrol.manual')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: enrolment.secret }}
            style={{ fontFamily: 'monospace', fontSize: 15, margin: '4px 0 0' }}
          >
            <span data-testid="totp-secret">{grouped(enrolment.secret)}</span>
          </Typography.Paragraph>
        </div>
        <Form form={form} name="totp-enrol" layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="code"
            label={t('totp.enrol.enter-code')}
            rules={[
              { required: true, message: t('totp.code.required') },
              { pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: t('totp.code.format') },
            ]}
          >
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              placeholder="123456"
              style={{ maxWidth: 200, fontFamily: 'monospace' }}
            />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              {t('totp.enrol.confirm')}
            </Button>
            <Button onClick={onCancel}>{t('cancel')}</Button>
          </Flex>
        </Form>
      </Flex>
    </Flex>
  );
}
