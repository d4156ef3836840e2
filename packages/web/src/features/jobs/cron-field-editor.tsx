import { CRON_RANGES, type CronField } from '@buglet/contracts';
import { Checkbox, Flex, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Mode =
  | 'every'
  | 'none'
  | 'unset'
  | 'range'
  | 'step'
  | 'list'
  | 'last'
  | 'nearest'
  | 'nth'
  | 'lastOf'
  | 'custom';

const MODES: Record<CronField, Mode[]> = {
  second: ['every', 'range', 'step', 'list', 'custom'],
  minute: ['every', 'range', 'step', 'list', 'custom'],
  hour: ['every', 'range', 'step', 'list', 'custom'],
  day: ['every', 'none', 'range', 'step', 'list', 'last', 'nearest', 'custom'],
  month: ['every', 'range', 'step', 'list', 'custom'],
  weekday: ['every', 'none', 'range', 'list', 'nth', 'lastOf', 'custom'],
  year: ['unset', 'every', 'range', 'custom'],
};

interface Numbers {
  from: number;
  to: number;
  start: number;
  step: number;
  list: number[];
  nearest: number;
  weekday: number;
  nth: number;
  custom: string;
}

/** Which form a field's text has, with its numbers (anything else is kept as custom text). */
function parseField(field: CronField, text: string, base: Numbers): { mode: Mode; n: Numbers } {
  const n = { ...base };
  if (text === '') return { mode: 'unset', n };
  if (text === '*') return { mode: 'every', n };
  if (text === '?') return { mode: 'none', n };
  if (text === 'L' && field === 'day') return { mode: 'last', n };
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) return { mode: 'range', n: { ...n, from: Number(range[1]), to: Number(range[2]) } };
  const step = /^(\d+|\*)\/(\d+)$/.exec(text);
  if (step) {
    const start = step[1] === '*' ? CRON_RANGES[field][0] : Number(step[1]);
    return { mode: 'step', n: { ...n, start, step: Number(step[2]) } };
  }
  if (/^\d+(,\d+)*$/.test(text)) return { mode: 'list', n: { ...n, list: text.split(',').map(Number) } };
  const nearest = field === 'day' ? /^(\d+)W$/.exec(text) : null;
  if (nearest) return { mode: 'nearest', n: { ...n, nearest: Number(nearest[1]) } };
  const nth = field === 'weekday' ? /^(\d)#(\d)$/.exec(text) : null;
  if (nth) return { mode: 'nth', n: { ...n, weekday: Number(nth[1]), nth: Number(nth[2]) } };
  const lastOf = field === 'weekday' ? /^(\d)L$/.exec(text) : null;
  if (lastOf) return { mode: 'lastOf', n: { ...n, weekday: Number(lastOf[1]) } };
  return { mode: 'custom', n: { ...n, custom: text } };
}

function renderField(field: CronField, mode: Mode, n: Numbers): string {
  switch (mode) {
    case 'every':
      return '*';
    case 'none':
      return '?';
    case 'unset':
      return '';
    case 'range':
      return `${n.from}-${n.to}`;
    case 'step':
      return `${n.start}/${n.step}`;
    case 'list':
      return n.list.length > 0 ? [...n.list].sort((a, b) => a - b).join(',') : String(CRON_RANGES[field][0]);
    case 'last':
      return 'L';
    case 'nearest':
      return `${n.nearest}W`;
    case 'nth':
      return `${n.weekday}#${n.nth}`;
    case 'lastOf':
      return `${n.weekday}L`;
    default:
      return n.custom;
  }
}

const defaults = (field: CronField): Numbers => {
  const [min, max] = CRON_RANGES[field];
  const year = new Date().getFullYear();
  return field === 'year'
    ? { from: year, to: year + 1, start: year, step: 1, list: [], nearest: 1, weekday: 2, nth: 1, custom: '' }
    : {
        from: min,
        to: Math.min(min + 1, max),
        start: min,
        step: 1,
        list: [],
        nearest: 1,
        weekday: 2,
        nth: 1,
        custom: '',
      };
};

/** One field of the expression: every, not specified, a range, a step, chosen values or Quartz's day and weekday forms. */
export function CronFieldEditor({
  field,
  value,
  onChange,
}: {
  field: CronField;
  value: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [min, max] = CRON_RANGES[field];
  // The numbers of the forms not chosen now are kept, so switching back finds them again.
  const [kept, setKept] = useState<Numbers>(() => parseField(field, value, defaults(field)).n);
  const current = parseField(field, value, kept);
  const n = current.n;
  const set = (mode: Mode, change: Partial<Numbers> = {}) => {
    const next = { ...n, ...change };
    setKept(next);
    onChange(renderField(field, mode, next));
  };
  const unit = t(`job.cron.${field}`);
  const number = (key: keyof Numbers, mode: Mode, lo = min, hi = max) => (
    <InputNumber
      size="small"
      min={lo}
      max={hi}
      precision={0}
      value={n[key] as number}
      onChange={(v) => v !== null && set(mode, { [key]: Number(v) })}
      style={{ width: field === 'year' ? 80 : 64 }}
    />
  );
  const weekdays = Array.from({ length: 7 }, (_, i) => ({
    value: i + 1,
    label: t(`job.cron.week.${i + 1}`),
  }));
  const weekdaySelect = (mode: Mode) => (
    <Select
      size="small"
      value={n.weekday}
      options={weekdays}
      onChange={(v) => set(mode, { weekday: v })}
      style={{ width: 96 }}
    />
  );
  const label = (mode: Mode): ReactNode => {
    switch (mode) {
      case 'every':
        return t('job.cron.mode.every', { unit });
      case 'none':
        return t('job.cron.mode.none');
      case 'unset':
        return t('job.cron.mode.unset');
      case 'range':
        return (
          <Flex gap={6} align="center" wrap>
            {t('job.cron.mode.range-from')} {number('from', 'range')} {t('job.cron.mode.range-to')}{' '}
            {number('to', 'range')} {unit}
          </Flex>
        );
      case 'step':
        return (
          <Flex gap={6} align="center" wrap>
            {t('job.cron.mode.step-start')} {number('start', 'step')} {t('job.cron.mode.step-every')}{' '}
            {number('step', 'step', 1, max)} {t('job.cron.mode.step-unit', { unit })}
          </Flex>
        );
      case 'list':
        return t('job.cron.mode.list');
      case 'last':
        return t('job.cron.mode.last');
      case 'nearest':
        return (
          <Flex gap={6} align="center" wrap>
            {t('job.cron.mode.nearest')} {number('nearest', 'nearest', 1, 31)}
          </Flex>
        );
      case 'nth':
        return (
          <Flex gap={6} align="center" wrap>
            {t('job.cron.mode.nth')} {number('nth', 'nth', 1, 5)} {weekdaySelect('nth')}
          </Flex>
        );
      case 'lastOf':
        return (
          <Flex gap={6} align="center" wrap>
            {t('job.cron.mode.last-of')} {weekdaySelect('lastOf')}
          </Flex>
        );
      default:
        return (
          <Flex gap={6} align="center" wrap>
            {t('job.cron.mode.custom')}
            <Input
              size="small"
              value={n.custom}
              onChange={(e) => set('custom', { custom: e.target.value.trim() })}
              style={{ width: 160 }}
            />
          </Flex>
        );
    }
  };

  return (
    <Flex vertical gap={8}>
      <Radio.Group value={current.mode} onChange={(e) => set(e.target.value as Mode)}>
        <Flex vertical gap={8}>
          {MODES[field].map((mode) => (
            <Radio key={mode} value={mode}>
              {label(mode)}
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      {current.mode === 'list' ? (
        <Checkbox.Group
          value={n.list}
          onChange={(list) => set('list', { list: list as number[] })}
          style={{ paddingInlineStart: 24 }}
        >
          <Flex wrap gap={4}>
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((v) => (
              <Checkbox
                key={v}
                value={v}
                style={{ width: field === 'weekday' ? 88 : 52, marginInlineStart: 0 }}
              >
                {field === 'weekday' ? t(`job.cron.week.${v}`) : String(v).padStart(2, '0')}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      ) : null}
      <Typography.Text type="secondary" code>
        {value === '' ? ' ' : value}
      </Typography.Text>
    </Flex>
  );
}
