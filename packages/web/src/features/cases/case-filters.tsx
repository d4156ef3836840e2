import { CASE_STATES } from '@buglet/contracts';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ModuleSelect } from '../modules/index.ts';
import { type CaseFilters, pickCaseFilters } from './case-query.ts';
import { levelOptions } from './case-tags.tsx';

interface CaseFilterBarProps {
  projectId: number;
  filters: CaseFilters;
  onChange: (next: CaseFilters) => void;
  /** On narrow screens the deliverable tree folds into a select here. */
  hasModuleSelect: boolean;
}

/** Title or number, level and tested state (and the deliverable when the tree is folded); all in the URL. */
export function CaseFilterBar({ projectId, filters, onChange, hasModuleSelect }: CaseFilterBarProps) {
  const { t } = useTranslation();
  const set = (patch: CaseFilters) => onChange({ ...filters, ...patch });
  const hasFilters = Object.keys(pickCaseFilters(filters)).length > 0;
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="case-filters">
      {hasModuleSelect ? (
        <ModuleSelect
          projectId={projectId}
          style={{ width: 220 }}
          placeholder={t('module.all')}
          value={filters.module ? Number(filters.module) : undefined}
          onChange={(id) => set({ module: id === undefined ? '' : String(id) })}
        />
      ) : null}
      <DebouncedSearch
        width={240}
        value={filters.name ?? ''}
        placeholder={t('case.search-placeholder')}
        onSearch={(name) => set({ name })}
      />
      <Select
        allowClear
        style={{ width: 130 }}
        aria-label={t('case.level')}
        placeholder={t('case.all-levels')}
        value={filters.level ? Number(filters.level) : undefined}
        onChange={(level?: number) => set({ level: level === undefined ? '' : String(level) })}
        options={levelOptions()}
      />
      <Select
        allowClear
        style={{ width: 140 }}
        aria-label={t('case.state')}
        placeholder={t('case.all-states')}
        value={filters.state}
        onChange={(state?: string) => set({ state: state ?? '' })}
        options={CASE_STATES.map((state) => ({ value: state, label: t(`case.state.${state}`) }))}
      />
      {hasFilters ? (
        <Button type="link" onClick={() => onChange({})}>
          {t('case.clear-filters')}
        </Button>
      ) : null}
    </Flex>
  );
}
