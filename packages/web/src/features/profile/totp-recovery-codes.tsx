import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download.ts';

interface TotpRecoveryCodesProps {
  codes: string[];
  account: string;
  onDone: () => void;
}

/** The recovery codes, shown this once, to copy or download before they are gone. */
export function TotpRecoveryCodes({ codes, account, onDone }: TotpRecoveryCodesProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const listRef = useRef<HTMLOListElement>(null);
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('totp.recovery.copied'));
    } catch {
      // Plain http or an old browser: the codes are selected for a manual copy.
      if (listRef.current) window.getSelection()?.selectAllChildren(listRef.current);
      message.info(t('totp.recovery.copy-manually'));
    }
  };
  const download = () => {
    const content = `${t('totp.recovery.file-header', { account })}\n\n${text}\n`;
    saveBlob(
      new Blob([content], { type: 'text/plain;charset=utf-8' }),
      `buglet-recovery-codes-${account}.txt`,
    );
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('totp.recovery.title')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('totp.recovery.once')} />
      <ol
        ref={listRef}
        data-testid="totp-recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: '6px 24px',
          margin: 0,
          padding: '12px 12px 12px 36px',
          fontFamily: 'monospace',
          fontSize: 15,
          background: 'var(--ant-color-fill-tertiary)',
          borderRadius: 'var(--ant-border-radius)',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('totp.recovery.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('totp.recovery.download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('totp.recovery.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
