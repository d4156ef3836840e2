import { CopyOutlined } from '@ant-design/icons';
import type { ProjectApi } from '@buglet/contracts';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { curlExample } from './project-api-rules.ts';

const CODE_BOX: CSSProperties = {
  fontFamily: 'monospace',
  background: 'var(--ant-color-fill-tertiary)',
  borderRadius: 'var(--ant-border-radius)',
  padding: '8px 12px',
  margin: 0,
  wordBreak: 'break-all',
};

/** Copies with the clipboard API; where that is refused (plain http, old browsers) the text is selected instead. */
async function copyText(text: string, element: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (element) window.getSelection()?.selectAllChildren(element);
    return false;
  }
}

interface KeyCreatedDialogProps {
  /** The answer to the create, with its whole key; undefined: closed. */
  created: ProjectApi | undefined;
  onClose: () => void;
}

/** The whole key, shown this once, with a copy button and a curl command that pushes a report with it. */
export function KeyCreatedDialog({ created, onClose }: KeyCreatedDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const keyRef = useRef<HTMLElement>(null);
  const curlRef = useRef<HTMLPreElement>(null);
  const apiKey = created?.apiKey ?? '';
  const curl = curlExample(window.location.origin, apiKey);

  const copy = async (text: string, element: HTMLElement | null, copied: string) => {
    if (await copyText(text, element)) message.success(copied);
    else message.info(t('api.copy-manually'));
  };

  return (
    <Modal
      open={created !== undefined}
      title={t('api.created.title', { name: created?.apiName ?? '' })}
      onCancel={onClose}
      width={{ xs: '100%', md: 680 }}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('api.created.done')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('api.created.once')} />
        <Flex gap={8} align="center" wrap>
          <code
            ref={keyRef}
            data-testid="api-key-value"
            style={{ ...CODE_BOX, flex: 1, minWidth: 240, fontSize: 15 }}
          >
            {apiKey}
          </code>
          <Button
            type="primary"
            icon={<CopyOutlined />}
            data-testid="api-key-copy"
            onClick={() => void copy(apiKey, keyRef.current, t('api.key-copied'))}
          >
            {t('api.copy')}
          </Button>
        </Flex>
        <div>
          <Typography.Text strong>{t('api.created.try')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            {t('api.created.try-help')}
          </Typography.Paragraph>
          <pre
            ref={curlRef}
            data-testid="api-curl"
            style={{ ...CODE_BOX, fontSize: 12, whiteSpace: 'pre-wrap' }}
          >
            {curl}
          </pre>
        </div>
        <Flex justify="flex-end">
          <Button
            icon={<CopyOutlined />}
            onClick={() => void copy(curl, curlRef.current, t('api.command-copied'))}
          >
            {t('api.copy-command')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
