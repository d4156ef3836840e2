import { DefectState } from '@buglet/contracts';

/** One state's counts as the server sends them: total, changed today, changed this week. */
export interface StateCount {
  id: number;
  k: string;
  a: number;
  d: number;
  w: number;
}

export type StateGroupKey = 'pending' | 'audit' | 'closed';

export interface StateGroup {
  key: StateGroupKey;
  a: number;
  d: number;
  w: number;
  /** The states a click filters the list by. */
  states: number[];
}

export interface StateSummary {
  all: { a: number; d: number; w: number };
  groups: StateGroup[];
}

/** Rejected defects wait on their handler again, so they count as pending; resolved ones as closed. */
const GROUPS: { key: StateGroupKey; states: number[] }[] = [
  { key: 'pending', states: [DefectState.PROCESSING, DefectState.REJECTED] },
  { key: 'audit', states: [DefectState.AUDIT] },
  { key: 'closed', states: [DefectState.CLOSED, DefectState.RESOLVED] },
];

/**
 * The three rows of the status panel. RESOLVED only comes from imports and the filter bar does not
 * offer it, so a row filters by it only when there are such defects (the count and the list then agree).
 */
export function summarizeStates(rows: readonly StateCount[]): StateSummary {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sum = (ids: number[], field: 'a' | 'd' | 'w') =>
    ids.reduce((total, id) => total + (byId.get(id)?.[field] ?? 0), 0);
  const groups = GROUPS.map(({ key, states }) => ({
    key,
    a: sum(states, 'a'),
    d: sum(states, 'd'),
    w: sum(states, 'w'),
    states: states.filter((id) => id !== DefectState.RESOLVED || (byId.get(id)?.a ?? 0) > 0),
  }));
  const all = rows.reduce((t, r) => ({ a: t.a + r.a, d: t.d + r.d, w: t.w + r.w }), { a: 0, d: 0, w: 0 });
  return { all, groups };
}

/** Share of finished defects, 0–100 (0 for a deliverable without defects). */
export function percentDone(finished: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((finished * 100) / total)));
}

export const PROGRESS_COLOURS = {
  purple: '#6f7ad3',
  red: '#f56c6c',
  orange: '#fbb13f',
  blue: '#1989fa',
  green: '#67c23a',
} as const;

/** The original's thresholds: under 20 % purple, 40 red, 60 orange, 80 blue, then green. */
export function progressColour(percent: number): string {
  if (percent < 20) return PROGRESS_COLOURS.purple;
  if (percent < 40) return PROGRESS_COLOURS.red;
  if (percent < 60) return PROGRESS_COLOURS.orange;
  if (percent < 80) return PROGRESS_COLOURS.blue;
  return PROGRESS_COLOURS.green;
}

const RANK_COLOURS = [
  PROGRESS_COLOURS.red,
  PROGRESS_COLOURS.orange,
  PROGRESS_COLOURS.green,
  PROGRESS_COLOURS.blue,
  PROGRESS_COLOURS.purple,
];

/** Badge colour of a 1-based rank; the five colours repeat. */
export function rankColour(rank: number): string {
  const index = (((Math.trunc(rank) - 1) % RANK_COLOURS.length) + RANK_COLOURS.length) % RANK_COLOURS.length;
  return RANK_COLOURS[index] ?? PROGRESS_COLOURS.red;
}
