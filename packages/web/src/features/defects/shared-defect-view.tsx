import { Divider, Empty, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { personName } from '../../lib/person-name.ts';
import { DefectDetails } from './defect-details.tsx';
import { logTypeName, type SharedDefect, type SharedLog } from './defect-shares.api.ts';
import { DefectStateTag, DefectTypeTag } from './defect-tags.tsx';

/** Timeline colours as in the drawer's history. */
const LOG_COLOURS: Record<string, string> = {
  REPAIR: '#1890ff',
  REJECTED: '#ffba00',
  PASS: 'green',
  CLOSED: 'gray',
  OPEN: 'red',
  DELETE: 'red',
};

function SharedLogEntry({ log }: { log: SharedLog }) {
  const { t } = useTranslation();
  const type = logTypeName(log.defectLogType);
  return (
    <div data-testid="shared-log" data-log-type={type}>
      <Flex justify="space-between" wrap gap={4}>
        <span>
          <Typography.Text strong>
            {log.createByName ? personName({ nickName: log.createByName }) : '?'}
          </Typography.Text>{' '}
          <Typography.Text style={{ color: '#1890ff' }}>
            {t(`defect.log.${type}`, { defaultValue: type })}
          </Typography.Text>
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {log.createTime}
        </Typography.Text>
      </Flex>
      {log.defectLogDescribe ? (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0', whiteSpace: 'pre-wrap' }}>
          {t('defect.reason-line', { reason: log.defectLogDescribe })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/** A shared defect, read-only: what the drawer shows, without the tools and comments. */
export function SharedDefectView({ shared }: { shared: SharedDefect }) {
  const { t } = useTranslation();
  const { defect, logs } = shared;
  const handlers = defect.handleByList.map(personName).join(', ');
  return (
    <article>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong style={{ fontSize: 20 }}>{`#${defect.projectNum}`}</Typography.Text>
        <DefectTypeTag type={defect.defectType} />
        <DefectStateTag state={defect.defectState} />
        <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-word' }} data-testid="shared-title">
          {defect.defectName}
        </Typography.Title>
      </Flex>
      <Divider style={{ margin: '12px 0' }} />
      <DefectDetails defect={defect} handlers={handlers || '-'} />
      <Divider titlePlacement="start">{t('defect.history')}</Divider>
      {logs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={logs.map((log) => ({
            key: log.defectLogId,
            color: LOG_COLOURS[logTypeName(log.defectLogType)] ?? 'blue',
            content: <SharedLogEntry log={log} />,
          }))}
        />
      )}
    </article>
  );
}
