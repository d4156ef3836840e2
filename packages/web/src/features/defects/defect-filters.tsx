import { FilterOutlined } from '@ant-design/icons';
import { DEFECT_LEVELS, DEFECT_TYPES, type DefectFieldItem, type Member } from '@buglet/contracts';
import { Badge, Button, Checkbox, DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ModuleSelect } from '../modules/index.ts';
import { useCurrentProjectId } from '../teams/index.ts';
import { CustomFieldFilters } from './custom-field-filters.tsx';
import { type DefectFilters, idList, MORE_FILTER_KEYS, pickFilters } from './defect-query.ts';
import { useLevelText } from './defect-tags.tsx';
import { MemberSelect } from './member-select.tsx';

/** States a user can filter by; RESOLVED only comes from imports, as in the original. */
const STATE_OPTIONS = [
  { value: 0, name: 'PROCESSING' },
  { value: 1, name: 'AUDIT' },
  { value: 3, name: 'REJECTED' },
  { value: 4, name: 'CLOSED' },
] as const;

const DAY = 'YYYY-MM-DD';

interface DefectFilterBarProps {
  filters: DefectFilters;
  members: Member[];
  /** The project's own fields, filtered by under "more filters". */
  fields: readonly DefectFieldItem[];
  onChange: (next: DefectFilters) => void;
}

/**
 * The list's filters; every change lands in the URL (and goes back to page 1). The everyday ones
 * stay in view; the rest open with "more filters", which shows how many of them are set.
 */
export function DefectFilterBar({ filters, members, fields, onChange }: DefectFilterBarProps) {
  const { t } = useTranslation();
  const moreCount = MORE_FILTER_KEYS.filter((key) => filters[key]).length;
  const [isMoreShown, setMoreShown] = useState(moreCount > 0);
  const set = (patch: DefectFilters) => onChange({ ...filters, ...patch });
  const hasFilters = Object.keys(pickFilters(filters)).length > 0;
  const projectId = useCurrentProjectId();

  return (
    <div style={{ marginBottom: 12 }}>
      <Flex wrap gap={8} align="center">
        <Select
          allowClear
          style={{ width: 120 }}
          aria-label={t('defect.type')}
          placeholder={t('defect.all-types')}
          value={filters.type}
          onChange={(type?: string) => set({ type })}
          options={DEFECT_TYPES.map((type) => ({ value: type, label: t(`defect.type.${type}`) }))}
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 190 }}
          aria-label={t('defect.state')}
          placeholder={t('defect.state-placeholder')}
          value={idList(filters.states)}
          onChange={(states: number[]) => set({ states: states.join(',') })}
          options={STATE_OPTIONS.map((s) => ({ value: s.value, label: t(`defect.state.${s.name}`) }))}
        />
        <MemberSelect
          members={members}
          style={{ width: 190, minWidth: 0 }}
          value={idList(filters.handler)}
          onChange={(ids) => set({ handler: ids.join(',') })}
        />
        <ModuleSelect
          projectId={projectId}
          hasNoneOption
          style={{ width: 200 }}
          placeholder={t('module.all')}
          value={filters.module ? Number(filters.module) : undefined}
          onChange={(id) => set({ module: id === undefined ? '' : String(id) })}
        />
        <DebouncedSearch
          width={200}
          value={filters.name ?? ''}
          placeholder={t('defect.search-placeholder')}
          onSearch={(name) => set({ name })}
        />
        <Checkbox checked={filters.mine === '1'} onChange={(e) => set({ mine: e.target.checked ? '1' : '' })}>
          {t('defect.involving-me')}
        </Checkbox>
        <Checkbox
          checked={filters.followed === '1'}
          onChange={(e) => set({ followed: e.target.checked ? '1' : '' })}
        >
          {t('defect.followed')}
        </Checkbox>
        <Badge count={isMoreShown ? 0 : moreCount} size="small">
          <Button
            icon={<FilterOutlined />}
            type={isMoreShown ? 'primary' : 'default'}
            ghost={isMoreShown}
            aria-expanded={isMoreShown}
            onClick={() => setMoreShown((v) => !v)}
          >
            {t('defect.more-filters')}
          </Button>
        </Badge>
        {hasFilters ? (
          <Button type="link" onClick={() => onChange({})}>
            {t('defect.clear-filters')}
          </Button>
        ) : null}
      </Flex>
      {isMoreShown ? <MoreFilters filters={filters} set={set} fields={fields} /> : null}
    </div>
  );
}

interface MoreFiltersProps {
  filters: DefectFilters;
  set: (patch: DefectFilters) => void;
  fields: readonly DefectFieldItem[];
}

function MoreFilters({ filters, set, fields }: MoreFiltersProps) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginTop: 8 }} data-testid="more-filters">
        <Select
          allowClear
          style={{ width: 120 }}
          aria-label={t('defect.level')}
          placeholder={t('defect.all-levels')}
          value={filters.level}
          onChange={(level?: string) => set({ level })}
          options={DEFECT_LEVELS.map((level) => ({ value: level, label: levelText(level) }))}
        />
        <DebouncedSearch
          width={240}
          value={filters.keyword ?? ''}
          placeholder={t('defect.keyword-placeholder')}
          onSearch={(keyword) => set({ keyword })}
        />
        <DebouncedSearch
          width={150}
          value={filters.version ?? ''}
          placeholder={t('defect.version-filter')}
          onSearch={(version) => set({ version })}
        />
        <DayRange
          label={t('defect.created-range')}
          from={filters.createdFrom}
          to={filters.createdTo}
          onChange={(createdFrom, createdTo) => set({ createdFrom, createdTo })}
        />
        <DayRange
          label={t('defect.updated-range')}
          from={filters.updatedFrom}
          to={filters.updatedTo}
          onChange={(updatedFrom, updatedTo) => set({ updatedFrom, updatedTo })}
        />
      </Flex>
      <CustomFieldFilters fields={fields} value={filters.custom} onChange={(custom) => set({ custom })} />
    </>
  );
}

interface DayRangeProps {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string, to: string) => void;
}

/** A range of whole days; either end may stay open. The URL may also carry a time ('YYYY-MM-DD HH:mm:ss'). */
function DayRange({ label, from, to, onChange }: DayRangeProps) {
  const { t } = useTranslation();
  const parse = (value: string | undefined) => (value && dayjs(value).isValid() ? dayjs(value) : null);
  const format = (value: Dayjs | null | undefined) => (value ? value.format(DAY) : '');
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      prefix={label}
      aria-label={label}
      style={{ width: 300, maxWidth: '100%' }}
      placeholder={[t('defect.range-from'), t('defect.range-to')]}
      value={[parse(from), parse(to)]}
      onChange={(range) => onChange(format(range?.[0]), format(range?.[1]))}
    />
  );
}
