import { idList } from '../defects/index.ts';

/** The list filters (URL keys of the defect page) a panel can set. */
export type PanelFilterKey = 'type' | 'states' | 'handler' | 'module' | 'mine' | 'updatedFrom' | 'updatedTo';
export type PanelFilters = Partial<Record<PanelFilterKey, string>>;

const isIdList = (key: PanelFilterKey) => key === 'states' || key === 'handler';

const normal = (key: PanelFilterKey, value: string | undefined) =>
  isIdList(key) ? [...new Set(idList(value))].sort((x, y) => x - y).join(',') : (value ?? '').trim();

/** Whether the list is filtered by exactly this value (id lists in any order). */
export function isFilterOn(filters: PanelFilters, key: PanelFilterKey, value: string): boolean {
  const current = normal(key, filters[key]);
  return current !== '' && current === normal(key, value);
}

/** The change a click makes: set the value, or clear it when it is already the filter. */
export function toggleFilter(filters: PanelFilters, key: PanelFilterKey, value: string): PanelFilters {
  return { [key]: isFilterOn(filters, key, value) ? '' : value };
}
