import { Descriptions, Divider, Empty, Flex, Image, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../lib/http.ts';
import { logTypeName, type SharedDefect, type SharedLog } from './defect-shares.api.ts';
import { DefectStateTag, DefectTypeTag, useLevelText } from './defect-tags.tsx';
import { MarkdownView } from './markdown-view.tsx';
import { splitPaths } from './upload-paths-field.tsx';

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
          <Typography.Text strong>{log.createByName ?? '?'}</Typography.Text>{' '}
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
  const levelText = useLevelText();
  const { defect, logs } = shared;
  const images = splitPaths(defect.imgUrls);
  const annexes = splitPaths(defect.annexUrls);
  const handlers = defect.handleByList.map((p) => p.nickName || p.userName).join(', ');
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
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        title={t('base-info')}
        items={[
          { key: 'level', label: t('defect.level'), children: levelText(defect.defectLevel) },
          { key: 'handlers', label: t('defect.handlers'), children: handlers || '-' },
          { key: 'creator', label: t('defect.creator'), children: defect.createBy ?? '-' },
          { key: 'version', label: t('defect.version'), children: defect.moduleVersion || '-' },
          { key: 'created', label: t('create-time'), children: defect.createTime },
          { key: 'updated', label: t('update-time'), children: defect.updateTime },
          { key: 'start', label: t('defect.plan-start'), children: defect.planStartTime || '-' },
          { key: 'end', label: t('defect.plan-end'), children: defect.planEndTime || '-' },
        ]}
      />
      <Divider titlePlacement="start">{t('defect.describe')}</Divider>
      <MarkdownView source={defect.defectDescribe ?? ''} />
      {images.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('defect.images')}</Divider>
          <Image.PreviewGroup>
            <Space wrap>
              {images.map((path) => (
                <Image
                  key={path}
                  src={assetUrl(path)}
                  width={100}
                  height={100}
                  style={{ objectFit: 'cover' }}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        </>
      ) : null}
      {annexes.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('defect.annexes')}</Divider>
          <Flex vertical gap={4}>
            {annexes.map((path) => (
              <Typography.Link key={path} href={assetUrl(path)} download>
                {path.split('/').pop()}
              </Typography.Link>
            ))}
          </Flex>
        </>
      ) : null}
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
