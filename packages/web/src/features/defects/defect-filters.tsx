import { DEFECT_LEVELS, DEFECT_TYPES, type Member } from '@buglet/contracts';
import { Checkbox, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import type { Filters } from '../../hooks/use-list-params.ts';
import { useLevelText } from './defect-tags.tsx';
import { MemberSelect } from './member-select.tsx';

export const DEFECT_FILTERS = [
  'type',
  'states',
  'level',
  'handler',
  'name',
  'mine',
  'followed',
  'sort',
  'order',
] as const;
export type DefectFilters = Filters<(typeof DEFECT_FILTERS)[number]>;

/** States a user can filter by; RESOLVED only comes from imports, as in the original. */
const STATE_OPTIONS = [
  { value: 0, name: 'PROCESSING' },
  { value: 1, name: 'AUDIT' },
  { value: 3, name: 'REJECTED' },
  { value: 4, name: 'CLOSED' },
] as const;

const idList = (value: string | undefined) => (value ? value.split(',').map(Number).filter(Boolean) : []);

interface DefectFilterBarProps {
  filters: DefectFilters;
  members: Member[];
  onChange: (next: DefectFilters) => void;
}

/** The list's filters; every change lands in the URL (and goes back to page 1). */
export function DefectFilterBar({ filters, members, onChange }: DefectFilterBarProps) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  const set = (patch: DefectFilters) => onChange({ ...filters, ...patch });
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      <Select
        allowClear
        style={{ width: 130 }}
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
        style={{ width: 220 }}
        aria-label={t('defect.state')}
        placeholder={t('defect.state-placeholder')}
        value={idList(filters.states)}
        onChange={(states: number[]) => set({ states: states.join(',') })}
        options={STATE_OPTIONS.map((s) => ({ value: s.value, label: t(`defect.state.${s.name}`) }))}
      />
      <Select
        allowClear
        style={{ width: 120 }}
        aria-label={t('defect.level')}
        placeholder={t('defect.level')}
        value={filters.level}
        onChange={(level?: string) => set({ level })}
        options={DEFECT_LEVELS.map((level) => ({ value: level, label: levelText(level) }))}
      />
      <MemberSelect
        members={members}
        style={{ width: 220 }}
        value={idList(filters.handler)}
        onChange={(ids) => set({ handler: ids.join(',') })}
      />
      <DebouncedSearch
        width={240}
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
    </Flex>
  );
}
