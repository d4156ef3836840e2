import { type DefectFieldItem, fieldValueText, isEmptyFieldValue } from '@buglet/contracts';
import { Image, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { attachmentName } from '../../lib/attachment-name.ts';
import { assetUrl } from '../../lib/http.ts';

interface CustomFieldValueProps {
  field: Pick<DefectFieldItem, 'fieldType' | 'typeConfig'>;
  value: unknown;
  /** A list cell: one line, thumbnails small. */
  isCompact?: boolean;
}

/** A custom field's value read-only: an enum as its coloured label, images as thumbnails, files as links. */
export function CustomFieldValue({ field, value, isCompact }: CustomFieldValueProps) {
  const { t } = useTranslation();
  if (isEmptyFieldValue(value)) return <Typography.Text type="secondary">-</Typography.Text>;
  switch (field.fieldType) {
    case 'enum': {
      const option = field.typeConfig.options?.find((o) => o.key === value);
      return <Tag color={option?.color ?? undefined}>{option?.label ?? String(value)}</Tag>;
    }
    case 'boolean':
      return <span>{t(value === true ? 'yes' : 'no')}</span>;
    case 'image':
      return (
        <Image.PreviewGroup>
          <Space size={4} wrap>
            {(value as string[]).map((path) => (
              <Image
                key={path}
                src={assetUrl(path)}
                width={isCompact ? 32 : 64}
                height={isCompact ? 32 : 64}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    case 'file':
      return (
        <Space size={4} wrap>
          {(value as string[]).map((path) => (
            <a key={path} href={assetUrl(path)} target="_blank" rel="noreferrer">
              {attachmentName(path)}
            </a>
          ))}
        </Space>
      );
    case 'object':
      return isCompact ? (
        <Typography.Text code ellipsis>
          {JSON.stringify(value)}
        </Typography.Text>
      ) : (
        <pre className="custom-field-json">{JSON.stringify(value, null, 2)}</pre>
      );
    default:
      return (
        <Typography.Text ellipsis={isCompact ? { tooltip: true } : false}>
          {fieldValueText(field, value)}
        </Typography.Text>
      );
  }
}
