import { useCallback, useState } from 'react';

/** The table's optional columns, in the order they are shown. */
export const DEFECT_COLUMNS = [
  'num',
  'type',
  'title',
  'state',
  'level',
  'handlers',
  'module',
  'version',
  'sponsor',
  'planStart',
  'planEnd',
  'creator',
  'createTime',
  'updateTime',
  'seen',
] as const;
export type BuiltinColumn = (typeof DEFECT_COLUMNS)[number];
/** A project's own field as a column (1.0's `custom:<key>`). */
export type CustomColumn = `custom:${string}`;
export type DefectColumn = BuiltinColumn | CustomColumn;
export const isCustomColumn = (value: unknown): value is CustomColumn =>
  typeof value === 'string' && /^custom:[a-z][a-z0-9_]{0,63}$/.test(value);

/** The title opens the defect, so it cannot be hidden. */
export const FIXED_COLUMN: DefectColumn = 'title';

/** What fits at 992 px without scrolling; the deliverable, plan, creator and creation time are one tick away. */
export const DEFAULT_COLUMNS: readonly DefectColumn[] = [
  'num',
  'type',
  'title',
  'state',
  'level',
  'handlers',
  'version',
  'updateTime',
];

const isColumn = (value: unknown): value is BuiltinColumn =>
  typeof value === 'string' && (DEFECT_COLUMNS as readonly string[]).includes(value);

/**
 * Known keys only, in table order, always with the title, the project's own fields after them in
 * the order chosen; undefined when the value is not a list.
 */
export function cleanColumns(value: unknown): DefectColumn[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const chosen = new Set<DefectColumn>(value.filter(isColumn));
  chosen.add(FIXED_COLUMN);
  const custom = [...new Set(value.filter(isCustomColumn))];
  return [...DEFECT_COLUMNS.filter((key) => chosen.has(key)), ...custom];
}

export const columnsStorageKey = (userId: number | undefined) => `buglet.defect.columns.${userId ?? 0}`;

/** The saved choice, or the defaults when there is none or it cannot be read. */
export function readColumns(storage: Storage, userId: number | undefined): DefectColumn[] {
  try {
    const saved = storage.getItem(columnsStorageKey(userId));
    return (saved ? cleanColumns(JSON.parse(saved)) : undefined) ?? [...DEFAULT_COLUMNS];
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

/** Saves the choice; the defaults are stored as no entry, so a later change of defaults reaches everyone. */
export function writeColumns(storage: Storage, userId: number | undefined, columns: readonly DefectColumn[]) {
  const clean = cleanColumns(columns) ?? [...DEFAULT_COLUMNS];
  const isDefault = clean.join() === DEFAULT_COLUMNS.join();
  try {
    if (isDefault) storage.removeItem(columnsStorageKey(userId));
    else storage.setItem(columnsStorageKey(userId), JSON.stringify(clean));
  } catch {
    // Storage full or blocked: the choice still holds for this visit.
  }
  return clean;
}

/** The columns this user shows, kept in localStorage per user. */
export function useDefectColumns(userId: number | undefined) {
  const [state, setState] = useState(() => ({ userId, columns: readColumns(localStorage, userId) }));
  // Another user logging in on the same page reads their own choice.
  const columns = state.userId === userId ? state.columns : readColumns(localStorage, userId);
  const setColumns = useCallback(
    (next: readonly DefectColumn[]) =>
      setState({ userId, columns: writeColumns(localStorage, userId, next) }),
    [userId],
  );
  const reset = useCallback(() => setColumns(DEFAULT_COLUMNS), [setColumns]);
  return { columns, setColumns, reset };
}
