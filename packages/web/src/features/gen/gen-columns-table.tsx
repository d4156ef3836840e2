import {
  GEN_HTML_TYPES,
  GEN_QUERY_TYPES,
  GEN_TS_TYPES,
  type GenHtmlType,
  type GenQueryType,
  type GenTableColumn,
} from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Input, Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { seededText } from '../../lib/i18n.ts';
import { genKeys, listDictTypeOptions } from './gen.api.ts';

type Flag = 'isInsert' | 'isEdit' | 'isList' | 'isQuery' | 'isRequired';

/** The query operators by their symbols, as the original's page shows them. */
const QUERY_LABELS: Record<GenQueryType, string> = {
  EQ: '=',
  NE: '!=',
  GT: '>',
  GTE: '>=',
  LT: '<',
  LTE: '<=',
  LIKE: 'LIKE',
  BETWEEN: 'BETWEEN',
};

interface Props {
  columns: readonly GenTableColumn[];
  onChange: (columnId: number, change: Partial<GenTableColumn>) => void;
}

/** Each column's role in the generated code: its type, where it appears, how it is searched and shown. */
export function GenColumnsTable({ columns, onChange }: Props) {
  const { t } = useTranslation();
  const dicts = useQuery({ queryKey: genKeys.dictTypes, queryFn: listDictTypeOptions, staleTime: 60_000 });
  const dictOptions = (dicts.data?.data ?? []).map((d) => ({
    value: d.dictType,
    label: `${seededText(`dict.name.${d.dictType}`, d.dictName)} (${d.dictType})`,
  }));

  const flag = (
    key: Flag,
    isDisabled?: (c: GenTableColumn) => boolean,
  ): TableColumnsType<GenTableColumn>[number] => ({
    title: t(`gen.column.${key}`),
    dataIndex: key,
    width: 70,
    align: 'center',
    render: (value: string, c) => (
      <Checkbox
        aria-label={`${c.columnName} ${t(`gen.column.${key}`)}`}
        checked={value === '1'}
        disabled={isDisabled?.(c)}
        onChange={(e) => onChange(c.columnId, { [key]: e.target.checked ? '1' : '0' })}
      />
    ),
  });
  const isKey = (c: GenTableColumn) => c.isPk === '1';

  const tableColumns: TableColumnsType<GenTableColumn> = [
    { title: '#', dataIndex: 'sort', width: 50, fixed: 'left' },
    { title: t('gen.column.name'), dataIndex: 'columnName', width: 150, fixed: 'left', ellipsis: true },
    {
      title: t('gen.column.comment'),
      dataIndex: 'columnComment',
      width: 160,
      render: (value: string | null, c) => (
        <Input
          aria-label={`${c.columnName} ${t('gen.column.comment')}`}
          size="small"
          value={value ?? ''}
          maxLength={500}
          onChange={(e) => onChange(c.columnId, { columnComment: e.target.value })}
        />
      ),
    },
    { title: t('gen.column.type'), dataIndex: 'columnType', width: 130, ellipsis: true },
    {
      title: t('gen.column.ts-type'),
      dataIndex: 'tsType',
      width: 110,
      render: (value: string, c) => (
        <Select
          aria-label={`${c.columnName} ${t('gen.column.ts-type')}`}
          size="small"
          style={{ width: '100%' }}
          value={value}
          options={GEN_TS_TYPES.map((v) => ({ value: v, label: v }))}
          onChange={(tsType) => onChange(c.columnId, { tsType })}
        />
      ),
    },
    { title: t('gen.column.field'), dataIndex: 'javaField', width: 130, ellipsis: true },
    flag('isInsert', (c) => isKey(c) && c.isIncrement === '1'),
    flag('isEdit', isKey),
    flag('isList'),
    flag('isQuery'),
    {
      title: t('gen.column.query-type'),
      dataIndex: 'queryType',
      width: 110,
      render: (value: GenQueryType, c) => (
        <Select
          aria-label={`${c.columnName} ${t('gen.column.query-type')}`}
          size="small"
          style={{ width: '100%' }}
          value={value}
          options={GEN_QUERY_TYPES.map((v) => ({ value: v, label: QUERY_LABELS[v] }))}
          onChange={(queryType: GenQueryType) => onChange(c.columnId, { queryType })}
        />
      ),
    },
    flag('isRequired', isKey),
    {
      title: t('gen.column.html-type'),
      dataIndex: 'htmlType',
      width: 130,
      render: (value: GenHtmlType, c) => (
        <Select
          aria-label={`${c.columnName} ${t('gen.column.html-type')}`}
          size="small"
          style={{ width: '100%' }}
          value={value}
          options={GEN_HTML_TYPES.map((v) => ({ value: v, label: t(`gen.html.${v}`) }))}
          onChange={(htmlType: GenHtmlType) => onChange(c.columnId, { htmlType })}
        />
      ),
    },
    {
      title: t('gen.column.dict-type'),
      dataIndex: 'dictType',
      width: 200,
      render: (value: string, c) => (
        <Select
          aria-label={`${c.columnName} ${t('gen.column.dict-type')}`}
          size="small"
          style={{ width: '100%' }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={value || undefined}
          placeholder={t('gen.column.dict-type')}
          options={dictOptions}
          onChange={(dictType?: string) => onChange(c.columnId, { dictType: dictType ?? '' })}
        />
      ),
    },
  ];

  return (
    <Table<GenTableColumn>
      rowKey="columnId"
      size="small"
      columns={tableColumns}
      dataSource={[...columns]}
      pagination={false}
      scroll={{ x: 'max-content', y: '60vh' }}
    />
  );
}
