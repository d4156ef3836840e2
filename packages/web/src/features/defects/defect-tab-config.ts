import type { QueryObject } from '../../lib/query-string.ts';
import { cleanColumns, type DefectColumn } from './defect-columns.ts';
import { type DefectFilters, filterQuery } from './defect-query.ts';

/**
 * A saved tab's config is the original's list-query object (as in the server's default "My" tab,
 * `{handleBy: [userId]}`), plus the displayed columns when the tab was saved with them:
 * `{defectType?, defectName?, defectLevel?, handleBy?: number[], moduleId?, moduleVersion?,
 *   params?: {defectStates?: number[], keyword?, userId?, collect?: '1', beginCreateTime?, ...},
 *   columns?: string[]}`.
 */
export type TabConfig = Record<string, unknown>;

export function tabConfigOf(
  filters: DefectFilters,
  columns: readonly DefectColumn[] | undefined,
  userId: number | undefined,
): TabConfig {
  const config: QueryObject = filterQuery(filters, userId);
  // The original stores the deliverable as a number (0: defects without one).
  if (typeof config.moduleId === 'string') config.moduleId = Number(config.moduleId);
  // 1.0's client reads the custom field filters as a list beside the query.
  const custom = customFilters(filters.custom);
  const withCustom = custom ? { ...config, customFieldFilters: JSON.parse(custom) as unknown } : config;
  return columns ? { ...withCustom, columns: [...columns] } : withCustom;
}

/** What choosing a tab applies: its filters, and its columns if it carries them. */
export function readTabConfig(config: unknown): { filters: DefectFilters; columns?: DefectColumn[] } {
  const c = isRecord(config) ? config : {};
  const p = isRecord(c.params) ? c.params : {};
  const filters: DefectFilters = {
    type: text(c.defectType),
    states: ids(p.defectStates ?? c.defectStates),
    level: text(c.defectLevel),
    handler: ids(c.handleBy),
    name: text(c.defectName),
    keyword: text(p.keyword),
    version: text(c.moduleVersion),
    module: text(c.moduleId),
    createdFrom: text(p.beginCreateTime),
    createdTo: text(p.endCreateTime),
    updatedFrom: text(p.beginUpdateTime),
    updatedTo: text(p.endUpdateTime),
    mine: isOn(p.userId) ? '1' : undefined,
    followed: isOn(p.collect) ? '1' : undefined,
    // Ours in the list query's params; 1.0's client keeps them beside it.
    custom: customFilters(p.customFieldFilters ?? c.customFieldFilters),
  };
  const out: DefectFilters = {};
  for (const [key, value] of Object.entries(filters) as [keyof DefectFilters, string | undefined][]) {
    if (value) out[key] = value;
  }
  const columns = cleanColumns(c.columns);
  return columns ? { filters: out, columns } : { filters: out };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined;

/** `[1,2]`, `["1","2"]`, `"1,2"` or `"[1,2]"` (the original's readers accept all of these). */
function ids(value: unknown): string | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    list = value.trim().startsWith('[') ? safeParse(value) : value.split(',');
  } else if (typeof value === 'number') {
    list = [value];
  }
  if (!Array.isArray(list)) return undefined;
  const numbers = list.map((x) => Number(x)).filter((n) => Number.isInteger(n) && n >= 0);
  return numbers.length > 0 ? numbers.join(',') : undefined;
}

/** A list of `{fieldKey, op, value}` (or its JSON) as the URL's JSON; undefined when there is none. */
function customFilters(value: unknown): string | undefined {
  const list = typeof value === 'string' ? safeParse(value) : value;
  if (!Array.isArray(list)) return undefined;
  const clean = list.filter((f) => isRecord(f) && typeof f.fieldKey === 'string' && typeof f.op === 'string');
  return clean.length > 0 ? JSON.stringify(clean) : undefined;
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The original stores switches as "1"/"0" strings; 0, "0", false and empty mean off. */
const isOn = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && value !== false && Number(value) !== 0;
