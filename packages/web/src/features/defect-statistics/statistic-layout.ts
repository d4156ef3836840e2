import { STATISTIC_PANELS, type StatisticPanel } from '@buglet/contracts';

/** One panel of a saved layout: its name and the original's optional extras, kept as they came. */
export interface PanelEntry {
  name: StatisticPanel;
  params?: Record<string, unknown>;
}

/** What a user sees before saving a layout of their own (the original shows nothing; HEAD has a set). */
export const DEFAULT_LAYOUT: readonly PanelEntry[] = [
  { name: 'DefectState' },
  { name: 'DefectType' },
  { name: 'DefectModule' },
];

/** The order of the template page's selection area, as in the original. */
export const PANEL_ORDER: readonly StatisticPanel[] = [
  'DefectMemberOnline',
  'DefectModule',
  'DefectState',
  'DefectType',
  'MyLife',
];

const isPanelName = (value: unknown): value is StatisticPanel =>
  typeof value === 'string' && (STATISTIC_PANELS as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The panels of a stored layout. No stored layout, or one that is not a JSON array, gives the
 * default set; unknown names and repeats are dropped, so one bad entry costs only itself.
 */
export function parseLayout(text: string | null | undefined): PanelEntry[] {
  if (text === null || text === undefined) return [...DEFAULT_LAYOUT];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [...DEFAULT_LAYOUT];
  }
  if (!Array.isArray(value)) return [...DEFAULT_LAYOUT];
  const seen = new Set<StatisticPanel>();
  const out: PanelEntry[] = [];
  for (const item of value) {
    if (!isRecord(item) || !isPanelName(item.name) || seen.has(item.name)) continue;
    seen.add(item.name);
    out.push(isRecord(item.params) ? { name: item.name, params: item.params } : { name: item.name });
  }
  return out;
}

/** The JSON text the server stores (`statisticTemplatConfig`). */
export function serializeLayout(panels: readonly PanelEntry[]): string {
  return JSON.stringify(
    panels.map((p) => (p.params ? { name: p.name, params: p.params } : { name: p.name })),
  );
}

/** The list with the panel at `from` moved to `to`; the same list when either is out of range. */
export function movePanel(panels: readonly PanelEntry[], from: number, to: number): PanelEntry[] {
  const isInRange = (i: number) => Number.isInteger(i) && i >= 0 && i < panels.length;
  if (from === to || !isInRange(from) || !isInRange(to)) return [...panels];
  const out = [...panels];
  const [moved] = out.splice(from, 1);
  if (moved) out.splice(to, 0, moved);
  return out;
}

export function removePanel(panels: readonly PanelEntry[], name: StatisticPanel): PanelEntry[] {
  return panels.filter((p) => p.name !== name);
}

/** The list with the panel appended, or undefined when it is there already. */
export function addPanel(panels: readonly PanelEntry[], name: StatisticPanel): PanelEntry[] | undefined {
  if (panels.some((p) => p.name === name)) return undefined;
  return [...panels, { name }];
}
