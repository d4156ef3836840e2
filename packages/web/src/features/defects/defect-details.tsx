import type { Defect, DefectFieldItem } from '@buglet/contracts';
import { Descriptions, Divider, Flex, Image, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonLabel } from '../../components/person-label.tsx';
import { splitPaths } from '../../components/upload-paths-field.tsx';
import { attachmentName } from '../../lib/attachment-name.ts';
import { assetUrl } from '../../lib/http.ts';
import { CustomFieldValue } from '../defect-fields/index.ts';
import { DefectSeenText } from './defect-seen.tsx';
import { useLevelText } from './defect-tags.tsx';
import { MarkdownView } from './markdown-view.tsx';

/**
 * What every view of a defect shows: basic information, the rendered description, images and
 * attachments. The drawer and the public share page differ only in how handlers appear.
 */
export function DefectDetails({
  defect,
  handlers,
  fields = [],
}: {
  defect: Defect;
  handlers: ReactNode;
  /** The project's own fields (enabled), shown after the built-in ones; none on the public share page. */
  fields?: readonly DefectFieldItem[];
}) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  const images = splitPaths(defect.imgUrls);
  const annexes = splitPaths(defect.annexUrls);
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        title={t('base-info')}
        items={[
          { key: 'level', label: t('defect.level'), children: levelText(defect.defectLevel) },
          { key: 'handlers', label: t('defect.handlers'), children: handlers },
          {
            key: 'creator',
            label: t('defect.creator'),
            children: <PersonLabel person={defect.creator} fallback={defect.createBy} />,
          },
          { key: 'module', label: t('module.deliverable'), children: defect.moduleName || '-' },
          { key: 'version', label: t('defect.version'), children: defect.moduleVersion || '-' },
          ...(defect.sponsor
            ? [{ key: 'sponsor', label: t('defect.sponsor'), children: defect.sponsor }]
            : []),
          { key: 'created', label: t('create-time'), children: defect.createTime },
          { key: 'updated', label: t('update-time'), children: defect.updateTime },
          { key: 'start', label: t('defect.plan-start'), children: defect.planStartTime || '-' },
          { key: 'end', label: t('defect.plan-end'), children: defect.planEndTime || '-' },
          ...(defect.seen
            ? [{ key: 'seen', label: t('defect.seen'), children: <DefectSeenText seen={defect.seen} /> }]
            : []),
          ...fields.map((field) => ({
            key: `custom:${field.fieldKey}`,
            label: field.fieldLabel,
            children: <CustomFieldValue field={field} value={defect.customFields?.[field.fieldKey]} />,
          })),
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
                  width={96}
                  height={96}
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
              <Typography.Link key={path} href={assetUrl(path)} download={attachmentName(path)}>
                {attachmentName(path)}
              </Typography.Link>
            ))}
          </Flex>
        </>
      ) : null}
    </>
  );
}
