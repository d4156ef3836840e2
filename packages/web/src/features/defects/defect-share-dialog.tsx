import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  type InputRef,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../lib/i18n.ts';
import {
  AGING_HOURS,
  type AgingHour,
  type DefectShare,
  getMyShare,
  randomPassword,
  saveShare,
  shareKeys,
  shareUrl,
} from './defect-shares.api.ts';

interface ShareForm {
  agingHour: AgingHour;
  password: string;
}

/** Copies with the clipboard API; where that is refused (http, old browsers) the text is selected instead. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    return false;
  }
}

function ShareLink({ share }: { share: DefectShare }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const inputRef = useRef<InputRef>(null);
  const url = shareUrl(share.defectShardId);
  const copy = async () => {
    const isCopied = await copyText(url, inputRef.current?.input ?? null);
    if (isCopied) message.success(t('share.copied'));
    else message.info(t('share.copy-manually'));
  };
  return (
    <Flex vertical gap={12} align="center" data-testid="share-result">
      <Space.Compact style={{ width: '100%' }}>
        <Input ref={inputRef} readOnly value={url} aria-label={t('share.link')} data-testid="share-url" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('share.copy')}
        </Button>
      </Space.Compact>
      <QRCodeSVG value={url} size={160} marginSize={2} title={t('share.qr')} />
      <Flex gap={8} wrap justify="center">
        <Tag>
          {t('share.aging')}: {t(`share.aging.${share.agingHour}`)}
        </Tag>
        {share.agingTime ? <Tag>{t('share.expires-at', { time: share.agingTime })}</Tag> : null}
        <Tag color={share.hasPassword ? 'blue' : undefined}>
          {t(share.hasPassword ? 'share.password-set' : 'share.password-not-set')}
        </Tag>
      </Flex>
      {share.isLocked ? (
        <Alert type="error" showIcon title={t('share.locked')} data-testid="share-locked" />
      ) : null}
    </Flex>
  );
}

interface DefectShareDialogProps {
  defectId: number;
  onClose: () => void;
}

/** Share settings (validity, optional 4-digit password), then the link with a copy button and a QR code. */
export default function DefectShareDialog({ defectId, onClose }: DefectShareDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShareForm>();
  const [isSaving, setSaving] = useState(false);
  const query = useQuery({ queryKey: shareKeys.mine(defectId), queryFn: () => getMyShare(defectId) });
  const share = query.data?.data ?? null;

  useEffect(() => {
    if (share) form.setFieldsValue({ agingHour: share.agingHour });
  }, [share, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await saveShare(defectId, {
        agingHour: values.agingHour,
        password: values.password ?? '',
        defaultLang: currentLocale(),
      });
      queryClient.setQueryData(shareKeys.mine(defectId), res);
      message.success(t('share.saved'));
    } catch {
      // The HTTP layer has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('share.title')} onCancel={onClose} footer={null} width={440} destroyOnHidden>
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          name="defect-share"
          layout="vertical"
          initialValues={{ agingHour: 24, password: '' }}
          onFinish={() => void submit()}
        >
          <Form.Item name="agingHour" label={t('share.aging')}>
            <Select options={AGING_HOURS.map((h) => ({ value: h, label: t(`share.aging.${h}`) }))} />
          </Form.Item>
          <Form.Item
            label={t('share.password')}
            extra={share?.hasPassword ? t('share.password-replace-hint') : t('share.password-hint')}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="password"
                noStyle
                rules={[{ pattern: /^\d{4}$/, message: t('share.password-format') }]}
              >
                <Input maxLength={4} inputMode="numeric" placeholder={t('share.password-placeholder')} />
              </Form.Item>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => form.setFieldsValue({ password: randomPassword() })}
              >
                {t('share.generate')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isSaving}>
            {t(share ? 'share.update' : 'share.create')}
          </Button>
        </Form>
      )}
      {share ? (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: '16px 0 8px' }}>
            {t('share.link')}
          </Typography.Paragraph>
          <ShareLink share={share} />
        </>
      ) : null}
    </Modal>
  );
}
