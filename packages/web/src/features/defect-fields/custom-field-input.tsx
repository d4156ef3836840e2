import type { DefectFieldItem, DefectFieldType } from '@buglet/contracts';
import { DatePicker, Input, InputNumber, Select, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPathsField } from '../../components/upload-paths-field.tsx';

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';

interface CustomFieldInputProps {
  field: Pick<DefectFieldItem, 'fieldType' | 'typeConfig' | 'maxLength' | 'fieldLabel'>;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** An enum's options with their colours, as a select shows them. */
export function enumOptions(field: Pick<DefectFieldItem, 'typeConfig'>) {
  return (field.typeConfig.options ?? []).map((o) => ({
    value: o.key,
    label: o.color ? <Tag color={o.color}>{o.label}</Tag> : o.label,
    title: o.label,
  }));
}

/** JSON typed as text: the object once it parses, the text (refused by the check) until then. */
function JsonInput({ value, onChange, id, isList }: CustomFieldInputProps & { isList?: boolean }) {
  const [text, setText] = useState(() =>
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value, null, 2),
  );
  return (
    <Input.TextArea
      id={id}
      value={text}
      autoSize={{ minRows: 2, maxRows: 8 }}
      placeholder={isList ? '["a", "b"]' : '{"key": "value"}'}
      style={{ fontFamily: 'monospace' }}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange?.(e.target.value.trim() ? JSON.parse(e.target.value) : null);
        } catch {
          onChange?.(e.target.value);
        }
      }}
    />
  );
}

const SCALAR_ITEMS: readonly DefectFieldType[] = ['string', 'text', 'number', 'enum', 'datetime'];

/**
 * The editor of one custom field's value, by its type: text, a number, a switch, a date and time,
 * a select of the enum's options, JSON, uploads, or a list of values.
 */
export function CustomFieldInput(props: CustomFieldInputProps) {
  const { field, value, onChange, id } = props;
  const { t } = useTranslation();
  switch (field.fieldType) {
    case 'string':
      return (
        <Input
          id={id}
          value={(value as string) ?? ''}
          maxLength={field.maxLength ?? 255}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'text':
      return (
        <Input.TextArea
          id={id}
          value={(value as string) ?? ''}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={field.maxLength ?? undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          value={typeof value === 'number' ? value : value == null || value === '' ? null : Number(value)}
          style={{ width: '100%' }}
          onChange={(n) => onChange?.(n ?? null)}
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          checked={value === true}
          checkedChildren={t('yes')}
          unCheckedChildren={t('no')}
          onChange={(checked) => onChange?.(checked)}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          id={id}
          showTime
          style={{ width: '100%' }}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d) => onChange?.(d ? d.format(WIRE_TIME) : null)}
        />
      );
    case 'enum':
      return (
        <Select
          id={id}
          allowClear
          style={{ width: '100%' }}
          value={(value as string) ?? undefined}
          options={enumOptions(field)}
          optionLabelProp="title"
          onChange={(v) => onChange?.(v ?? null)}
        />
      );
    case 'image':
    case 'file':
      return (
        <UploadPathsField
          id={id}
          kind={field.fieldType}
          value={Array.isArray(value) ? value.join(',') : ((value as string) ?? '')}
          onChange={(paths) => onChange?.(paths ? paths.split(',') : [])}
        />
      );
    case 'array': {
      const itemType = field.typeConfig.itemType ?? 'string';
      if (!SCALAR_ITEMS.includes(itemType)) return <JsonInput {...props} isList />;
      return (
        <Select
          id={id}
          style={{ width: '100%' }}
          mode={itemType === 'enum' ? 'multiple' : 'tags'}
          value={Array.isArray(value) ? (value as Array<string | number>) : []}
          options={itemType === 'enum' ? enumOptions(field) : []}
          open={itemType === 'enum' ? undefined : false}
          tokenSeparators={[',']}
          placeholder={t('defect-field.list-placeholder')}
          onChange={(items: Array<string | number>) => onChange?.(items)}
        />
      );
    }
    case 'object':
      return <JsonInput {...props} />;
  }
}
