import { CRON_FIELDS } from '@buglet/contracts';
import { Input, Modal, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CronFieldEditor } from './cron-field-editor.tsx';
import { CronPreview } from './cron-preview.tsx';

const START = ['0', '*', '*', '*', '*', '?', ''];
const DAY = 3;
const WEEKDAY = 5;

/** Six or seven fields of an expression; anything else starts from "every second". */
function fieldsOf(expression: string | undefined): string[] {
  const parts = (expression ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length < 6 || parts.length > 7) return [...START];
  return [...parts, ...(parts.length === 6 ? [''] : [])];
}

const expressionOf = (fields: readonly string[]) => fields.filter((f, i) => i < 6 || f !== '').join(' ');

interface CronBuilderProps {
  open: boolean;
  value?: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

/**
 * The cron expression built field by field (second to year), Quartz style, with the expression
 * and its next five run times shown as it changes. A day of the month and a day of the week
 * exclude each other, as Quartz wants: choosing one makes the other "not specified".
 */
export function CronBuilder({ open, value, onOk, onCancel }: CronBuilderProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(() => fieldsOf(value));
  useEffect(() => {
    if (open) setFields(fieldsOf(value));
  }, [open, value]);

  const setField = (i: number, text: string) =>
    setFields((old) => {
      const next = [...old];
      next[i] = text;
      if (i === DAY && text !== '?') next[WEEKDAY] = '?';
      if (i === WEEKDAY && text !== '?') next[DAY] = '?';
      return next;
    });
  const expression = expressionOf(fields);

  return (
    <Modal
      open={open}
      title={t('job.cron.builder')}
      width={{ xs: '100%', md: 760 }}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => onOk(expression)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Tabs
        size="small"
        items={CRON_FIELDS.map((field, i) => ({
          key: field,
          label: t(`job.cron.tab.${field}`),
          children: (
            <CronFieldEditor
              key={`${field}:${open}`}
              field={field}
              value={fields[i] ?? ''}
              onChange={(text) => setField(i, text)}
            />
          ),
        }))}
      />
      <div style={{ marginTop: 16 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Space.Addon>{t('job.cron.expression')}</Space.Addon>
          <Input value={expression} readOnly aria-label={t('job.cron.expression')} data-testid="cron-built" />
        </Space.Compact>
      </div>
      <div style={{ marginTop: 8 }}>
        <CronPreview expression={expression} />
      </div>
    </Modal>
  );
}
