import type { OperLog } from '@buglet/contracts';
import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../dicts/index.ts';

/** JSON shown indented when it parses (a cut-off text stays as it was recorded). */
function pretty(text: string | null): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Block({ text }: { text: string | null }) {
  return (
    <Typography.Paragraph copyable={text ? { text } : false} style={{ margin: 0 }}>
      <pre
        style={{
          margin: 0,
          maxHeight: 240,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          fontSize: 12,
        }}
      >
        {pretty(text) || '—'}
      </pre>
    </Typography.Paragraph>
  );
}

/** Every field of one recorded operation (original-ui §3.23.2: the operation log's detail dialog). */
export function OperLogDetail({ log, onClose }: { log: OperLog | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={log !== undefined}
      title={t('operlog.detail')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {log ? (
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label={t('operlog.title')}>
            {log.title} / <DictTag type="sys_oper_type" value={String(log.businessType)} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.oper-name')}>
            {[log.operName, log.deptName].filter(Boolean).join(' / ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.address')}>
            {[log.operIp, log.operLocation].filter(Boolean).join(' / ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.request')}>
            {log.requestMethod} {log.operUrl}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.method')} span={{ xs: 1, sm: 2 }}>
            <Typography.Text code>{log.method}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.params')} span={{ xs: 1, sm: 2 }}>
            <Block text={log.operParam} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.result')} span={{ xs: 1, sm: 2 }}>
            <Block text={log.jsonResult} />
          </Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <DictTag type="sys_common_status" value={String(log.status)} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.cost')}>
            {t('operlog.cost-ms', { ms: log.costTime })}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.time')} span={{ xs: 1, sm: 2 }}>
            {log.operTime}
          </Descriptions.Item>
          {log.status !== 0 ? (
            <Descriptions.Item label={t('operlog.error')} span={{ xs: 1, sm: 2 }}>
              <Typography.Text type="danger">{log.errorMsg}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </Modal>
  );
}
