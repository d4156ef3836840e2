import { TableOutlined } from '@ant-design/icons';
import { customColumnKey, type DefectFieldItem } from '@buglet/contracts';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BuiltinColumn, DEFECT_COLUMNS, type DefectColumn, FIXED_COLUMN } from './defect-columns.ts';

/** Header text of each column, shared by the table and the chooser. */
export const COLUMN_TITLE_KEYS: Record<BuiltinColumn, string> = {
  num: 'id',
  type: 'defect.type',
  title: 'defect.title',
  state: 'defect.state',
  level: 'defect.level',
  handlers: 'defect.handlers',
  module: 'module.deliverable',
  version: 'defect.version',
  sponsor: 'defect.sponsor',
  planStart: 'defect.plan-start',
  planEnd: 'defect.plan-end',
  creator: 'defect.creator',
  createTime: 'create-time',
  updateTime: 'update-time',
  seen: 'defect.seen',
};

interface DefectColumnChooserProps {
  columns: readonly DefectColumn[];
  /** The project's own fields, offered after the built-in columns. */
  fields: readonly DefectFieldItem[];
  onChange: (columns: DefectColumn[]) => void;
  onReset: () => void;
}

/** Which table columns show; the choice is kept in this browser for this user. */
export function DefectColumnChooser({ columns, fields, onChange, onReset }: DefectColumnChooserProps) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={8} data-testid="column-chooser">
      <Checkbox.Group<DefectColumn>
        value={[...columns]}
        onChange={onChange}
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '6px 16px' }}
        options={[
          ...DEFECT_COLUMNS.map((key) => ({
            value: key as DefectColumn,
            label: t(COLUMN_TITLE_KEYS[key]),
            disabled: key === FIXED_COLUMN,
          })),
          ...fields.map((field) => ({
            value: customColumnKey(field.fieldKey) as DefectColumn,
            label: field.fieldLabel,
          })),
        ]}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('defect.columns-hint')}
        </Typography.Text>
        <Button size="small" onClick={onReset}>
          {t('reset')}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('defect.columns')} content={content}>
      <Tooltip title={t('defect.columns')}>
        <Button shape="circle" icon={<TableOutlined />} aria-label={t('defect.columns')} />
      </Tooltip>
    </Popover>
  );
}
