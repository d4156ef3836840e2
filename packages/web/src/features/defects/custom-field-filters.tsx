import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomFieldFilter, CustomFilterOp, DefectFieldItem, DefectFieldType } from '@buglet/contracts';
import { Button, DatePicker, Flex, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldInput, enumOptions } from '../defect-fields/index.ts';

/** The operators a field's type offers (1.0's: equals, in, between, contains, empty, not empty). */
const OPS_OF: Record<DefectFieldType, readonly CustomFilterOp[]> = {
  string: ['contains', 'eq', 'isEmpty', 'isNotEmpty'],
  text: ['contains', 'isEmpty', 'isNotEmpty'],
  number: ['eq', 'between', 'in', 'isEmpty', 'isNotEmpty'],
  boolean: ['eq', 'isEmpty', 'isNotEmpty'],
  datetime: ['between', 'isEmpty', 'isNotEmpty'],
  enum: ['eq', 'in', 'isEmpty', 'isNotEmpty'],
  object: ['contains', 'isEmpty', 'isNotEmpty'],
  image: ['isEmpty', 'isNotEmpty'],
  file: ['contains', 'isEmpty', 'isNotEmpty'],
  array: ['contains', 'isEmpty', 'isNotEmpty'],
};
const NEEDS_NO_VALUE: readonly CustomFilterOp[] = ['isEmpty', 'isNotEmpty', 'hasValue'];

type Row = Partial<CustomFieldFilter>;

const parse = (json: string | undefined): Row[] => {
  try {
    const list: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(list) ? (list as Row[]) : [];
  } catch {
    return [];
  }
};

const isComplete = (row: Row) =>
  Boolean(row.fieldKey && row.op) &&
  (NEEDS_NO_VALUE.includes(row.op as CustomFilterOp) ||
    (row.value !== undefined &&
      row.value !== null &&
      row.value !== '' &&
      !(Array.isArray(row.value) && row.value.every((v) => v === null || v === undefined || v === ''))));

function ValueInput({
  field,
  row,
  onChange,
}: {
  field: DefectFieldItem;
  row: Row;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const label = `${field.fieldLabel} ${t('defect-field.filter.value')}`;
  if (!row.op || NEEDS_NO_VALUE.includes(row.op)) return null;
  if (row.op === 'contains')
    return <ContainsInput label={label} value={row.value as string} onCommit={onChange} />;
  if (row.op === 'in')
    return (
      <Select
        mode={field.fieldType === 'enum' ? 'multiple' : 'tags'}
        aria-label={label}
        style={{ minWidth: 180 }}
        open={field.fieldType === 'enum' ? undefined : false}
        value={Array.isArray(row.value) ? (row.value as Array<string | number>) : []}
        options={field.fieldType === 'enum' ? enumOptions(field) : []}
        onChange={(values: Array<string | number>) =>
          onChange(field.fieldType === 'number' ? values.map(Number).filter(Number.isFinite) : values)
        }
      />
    );
  if (row.op === 'between') {
    const [low, high] = Array.isArray(row.value) ? row.value : [];
    if (field.fieldType === 'datetime')
      return (
        <DatePicker.RangePicker
          aria-label={label}
          allowEmpty={[true, true]}
          value={[low ? dayjs(String(low)) : null, high ? dayjs(String(high)) : null]}
          onChange={(range) =>
            onChange([range?.[0]?.format('YYYY-MM-DD') ?? null, range?.[1]?.format('YYYY-MM-DD') ?? null])
          }
        />
      );
    return (
      <Space.Compact>
        <InputNumber
          aria-label={`${label} ${t('defect.range-from')}`}
          placeholder={t('defect.range-from')}
          value={typeof low === 'number' ? low : null}
          onChange={(n) => onChange([n ?? null, high ?? null])}
        />
        <InputNumber
          aria-label={`${label} ${t('defect.range-to')}`}
          placeholder={t('defect.range-to')}
          value={typeof high === 'number' ? high : null}
          onChange={(n) => onChange([low ?? null, n ?? null])}
        />
      </Space.Compact>
    );
  }
  return (
    <fieldset style={{ minWidth: 160, border: 0, margin: 0, padding: 0 }} aria-label={label}>
      <CustomFieldInput field={field} value={row.value} onChange={onChange} />
    </fieldset>
  );
}

/** Words typed: applied on Enter or when the box is left, not at every key. */
function ContainsInput({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input
      aria-label={label}
      style={{ width: 160 }}
      placeholder={t('defect-field.filter.words')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => text !== (value ?? '') && onCommit(text)}
      onPressEnter={() => onCommit(text)}
    />
  );
}

/**
 * Filters on the project's own fields (1.0's customFieldFilters): rows of field, operator and
 * value; the complete ones go into the URL as JSON (and so into a saved tab), the half-made ones
 * stay here until finished.
 */
export function CustomFieldFilters({
  fields,
  value,
  onChange,
}: {
  fields: readonly DefectFieldItem[];
  value: string | undefined;
  onChange: (json: string) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => parse(value));
  // The URL changed from elsewhere (a tab chosen, filters cleared): its filters, and no half-made row.
  useEffect(() => {
    const applied = parse(value);
    setRows((current) =>
      JSON.stringify(current.filter(isComplete)) === JSON.stringify(applied) ? current : applied,
    );
  }, [value]);
  if (fields.length === 0) return null;
  const update = (next: Row[]) => {
    setRows(next);
    const complete = next.filter(isComplete);
    const json = complete.length > 0 ? JSON.stringify(complete) : '';
    if (json !== (value ?? '')) onChange(json);
  };
  const byKey = new Map(fields.map((f) => [f.fieldKey, f]));
  return (
    <Flex vertical gap={6} style={{ marginTop: 8 }} data-testid="custom-field-filters">
      {rows.map((row, at) => {
        const field = row.fieldKey ? byKey.get(row.fieldKey) : undefined;
        const set = (patch: Row) => update(rows.map((r, i) => (i === at ? { ...r, ...patch } : r)));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place
          <Flex key={at} wrap gap={6} align="center">
            <Select
              aria-label={t('defect-field.filter.field')}
              placeholder={t('defect-field.filter.field')}
              style={{ width: 150 }}
              value={row.fieldKey}
              options={fields.map((f) => ({ value: f.fieldKey, label: f.fieldLabel }))}
              onChange={(fieldKey: string) => {
                const next = byKey.get(fieldKey);
                set({ fieldKey, op: next ? OPS_OF[next.fieldType][0] : undefined, value: undefined });
              }}
            />
            <Select
              aria-label={t('defect-field.filter.op')}
              placeholder={t('defect-field.filter.op')}
              style={{ width: 120 }}
              value={row.op}
              disabled={!field}
              options={(field ? OPS_OF[field.fieldType] : []).map((op) => ({
                value: op,
                label: t(`defect-field.op.${op}`),
              }))}
              onChange={(op: CustomFilterOp) => set({ op, value: undefined })}
            />
            {field ? <ValueInput field={field} row={row} onChange={(v) => set({ value: v })} /> : null}
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('delete')}
              onClick={() => update(rows.filter((_, i) => i !== at))}
            />
          </Flex>
        );
      })}
      <div>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setRows([...rows, {}])}>
          {t('defect-field.filter.add')}
        </Button>
      </div>
    </Flex>
  );
}
