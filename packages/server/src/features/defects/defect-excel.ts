import {
  customColumnKey,
  DEFECT_DEFAULTS,
  DEFECT_LEVELS,
  DEFECT_STATE_NAMES,
  DEFECT_TYPES,
  type DefectFieldItem,
  type DefectLevel,
  SPONSOR_MAX,
} from '@buglet/contracts';
import { AppError } from '../../http/errors.ts';
import type { Lang, MessageKey } from '../../http/i18n.ts';
import {
  emptyCells,
  type ImportSheet,
  labelOf,
  type RowProblem,
  type SheetRow,
  sheetColumns,
} from '../../lib/sheet-import.ts';
import type { SheetColumn } from '../../lib/xlsx.ts';
import { cellValue } from '../defect-fields/custom-columns.ts';
import { type CustomValues, settleCustomFields } from '../defect-fields/custom-values.ts';

/** The defect sheet: the template's columns, and the export's extra read-only ones. */
const COLUMN_LABELS = {
  projectNum: 'excel.defect.number',
  defectType: 'excel.defect.type',
  defectName: 'excel.defect.title',
  defectLevel: 'excel.defect.level',
  defectState: 'excel.defect.state',
  modulePath: 'excel.defect.module',
  moduleVersion: 'excel.defect.version',
  sponsor: 'excel.defect.sponsor',
  handleBy: 'excel.defect.handler',
  planStartTime: 'excel.defect.plan-start',
  planEndTime: 'excel.defect.plan-end',
  defectDescribe: 'excel.defect.describe',
  createBy: 'excel.defect.creator',
  createTime: 'excel.defect.create-time',
  updateTime: 'excel.defect.update-time',
} as const satisfies Record<string, MessageKey>;
export type DefectColumn = keyof typeof COLUMN_LABELS;

/** What an import reads and requires; an export adds the number, creator and times. */
export const DEFECT_SHEET: ImportSheet<DefectColumn> = {
  labels: COLUMN_LABELS,
  imported: [
    'defectType',
    'defectName',
    'defectLevel',
    'defectState',
    'modulePath',
    'moduleVersion',
    'handleBy',
    'planStartTime',
    'planEndTime',
    'defectDescribe',
    'sponsor',
  ],
  /** Type, level and state left blank are 1.0's defaults (a pending, middle BUG). */
  required: new Set(['defectName', 'handleBy']),
  /** The English headers of templates before the wording review (issue 27), still read on import. */
  aliases: {
    defectLevel: ['Level'],
    defectState: ['State'],
    handleBy: ['Handler'],
    planStartTime: ['Plan start'],
    planEndTime: ['Plan end'],
  },
  widths: {
    defectName: 40,
    defectDescribe: 60,
    modulePath: 30,
    handleBy: 20,
  },
};

/** The words the web client shows (its defect.type/level/state keys), so a sheet reads as the page does. */
const TYPE_LABELS: Record<Lang, readonly string[]> = {
  zh_CN: ['缺陷', '任务', '需求'],
  en_US: ['Bug', 'Task', 'Request'],
};
const LEVEL_LABELS: Record<Lang, readonly string[]> = {
  zh_CN: ['紧急', '高', '中', '低'],
  en_US: ['Urgent', 'High', 'Medium', 'Low'],
};
const STATE_LABELS: Record<Lang, readonly string[]> = {
  zh_CN: ['待处理', '待审核', '已解决', '已驳回', '已关闭'],
  en_US: ['Pending', 'In review', 'Resolved', 'Rejected', 'Closed'],
};
/** Other spellings people (and the original's sheets, and our earlier exports) use. */
const EXTRA_ALIASES = {
  type: { bug: 0, task: 1, demand: 2, request: 2 } as Record<string, number>,
  level: { 急: 0, urgent: 0, height: 1, high: 1, middle: 2, medium: 2, low: 3 } as Record<string, number>,
  state: { 处理中: 0, 待修复: 0, audit: 1 } as Record<string, number>,
};

function lookup(
  labels: Record<Lang, readonly string[]>,
  wire: readonly string[],
  extra: Record<string, number>,
) {
  const map = new Map<string, number>();
  for (const list of [labels.zh_CN, labels.en_US, wire]) {
    list.forEach((v, i) => {
      map.set(v.toLowerCase(), i);
    });
  }
  for (const [k, v] of Object.entries(extra)) map.set(k.toLowerCase(), v);
  return (text: string) => map.get(text.trim().toLowerCase());
}
const typeOf = lookup(TYPE_LABELS, DEFECT_TYPES, EXTRA_ALIASES.type);
const levelOf = lookup(LEVEL_LABELS, DEFECT_LEVELS, EXTRA_ALIASES.level);
const stateOf = lookup(STATE_LABELS, DEFECT_STATE_NAMES, EXTRA_ALIASES.state);

export const typeLabel = (lang: Lang, type: number) => TYPE_LABELS[lang][type] ?? '';
export const levelLabel = (lang: Lang, level: string) =>
  LEVEL_LABELS[lang][DEFECT_LEVELS.indexOf(level as DefectLevel)] ?? level;
export const stateLabel = (lang: Lang, state: number) => STATE_LABELS[lang][state] ?? '';

export interface SheetLists {
  modulePaths: readonly string[];
  memberNames: readonly string[];
}

/** The columns of a template (withExport false) or of an export, with their drop-downs. */
export function defectColumns(
  lang: Lang,
  lists: SheetLists,
  withExport: boolean,
): SheetColumn<DefectColumn>[] {
  const keys: DefectColumn[] = withExport
    ? ['projectNum', ...DEFECT_SHEET.imported, 'createBy', 'createTime', 'updateTime']
    : [...DEFECT_SHEET.imported];
  return sheetColumns(DEFECT_SHEET, keys, {
    defectType: TYPE_LABELS[lang],
    defectLevel: LEVEL_LABELS[lang],
    defectState: STATE_LABELS[lang],
    modulePath: lists.modulePaths,
    handleBy: lists.memberNames,
  });
}

/** Members as the sheet names them: the nickname, or "nickname(account)" where nicknames repeat. */
export function memberNames<M extends { userId: number; userName: string; nickName: string }>(members: M[]) {
  const count = new Map<string, number>();
  for (const m of members) count.set(m.nickName, (count.get(m.nickName) ?? 0) + 1);
  const display = new Map<number, string>();
  for (const m of members)
    display.set(m.userId, count.get(m.nickName) === 1 ? m.nickName : `${m.nickName}(${m.userName})`);
  return display;
}

export interface ImportRow {
  rowNum: number;
  defectType: number;
  defectName: string;
  defectLevel: DefectLevel;
  defectState: number;
  moduleId: number | null;
  moduleVersion: string | null;
  sponsor: string | null;
  handleBy: number[];
  planStartTime: string | null;
  planEndTime: string | null;
  defectDescribe: string | null;
  customFields: CustomValues;
}

export interface ImportContext {
  modulePaths: Map<string, number>;
  members: { userId: number; userName: string; nickName: string }[];
  /** The project's enabled own fields: their columns are read by `custom:<key>` from a row's extra cells. */
  customFields?: readonly DefectFieldItem[];
}

const MAX_LENGTH: Partial<Record<DefectColumn, number>> = {
  defectName: 1024,
  defectDescribe: 65536,
  moduleVersion: 128,
  sponsor: SPONSOR_MAX,
};
const TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** `2025/3/1 9:00` and Excel dates alike, to the stored `yyyy-MM-dd HH:mm:ss`; undefined when not a time. */
export function normalizeTime(text: string): string | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((x) => x ?? undefined) as string[];
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (
    date.getMonth() !== Number(mo) - 1 ||
    date.getDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(s) > 59
  ) {
    return undefined;
  }
  const pad = (n: string) => n.padStart(2, '0');
  return `${y}-${pad(mo as string)}-${pad(d as string)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** Handler names separated by '/', ',' or '、', each a member's sheet name, nickname or account. */
function resolveHandlers(text: string, ctx: ImportContext, display: Map<number, string>) {
  const found: number[] = [];
  const unknown: string[] = [];
  const ambiguous: string[] = [];
  for (const name of text
    .split(/[/,，、]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const byDisplay = ctx.members.filter((m) => display.get(m.userId) === name);
    const byAccount = ctx.members.filter((m) => m.userName === name);
    const byNick = ctx.members.filter((m) => m.nickName === name);
    const match = byDisplay.length === 1 ? byDisplay : byAccount.length === 1 ? byAccount : byNick;
    if (match.length === 1 && match[0]) found.push(match[0].userId);
    else if (match.length > 1) ambiguous.push(name);
    else unknown.push(name);
  }
  return { found: [...new Set(found)], unknown, ambiguous };
}

/**
 * Every row checked before anything is written: the required cells, each value against its
 * list, deliverable paths and members of this project, lengths and times. Fully blank rows are
 * skipped (sheets often end with formatted but empty rows).
 */
export function checkRows(
  sheet: readonly SheetRow<DefectColumn>[],
  ctx: ImportContext,
): { rows: ImportRow[]; problems: RowProblem[] } {
  const display = memberNames(ctx.members);
  const rows: ImportRow[] = [];
  const problems: RowProblem[] = [];
  const label = (c: DefectColumn) => labelOf(DEFECT_SHEET, c);
  for (const row of sheet) {
    const { rowNum, values } = row;
    const messages = emptyCells(DEFECT_SHEET, row);
    const invalid = (c: DefectColumn) =>
      messages.push({ key: 'import.row.invalid', args: [rowNum, label(c), values[c]] });
    for (const [c, max] of Object.entries(MAX_LENGTH) as [DefectColumn, number][]) {
      if ([...values[c]].length > max)
        messages.push({ key: 'import.row.too-long', args: [rowNum, label(c), max] });
    }
    const type = values.defectType ? typeOf(values.defectType) : undefined;
    if (values.defectType && type === undefined) invalid('defectType');
    const level = values.defectLevel ? levelOf(values.defectLevel) : undefined;
    if (values.defectLevel && level === undefined) invalid('defectLevel');
    const state = values.defectState ? stateOf(values.defectState) : undefined;
    if (values.defectState && state === undefined) invalid('defectState');
    const path = values.modulePath.replace(/\s*\/\s*/g, '/');
    const moduleId = path ? ctx.modulePaths.get(path) : null;
    if (moduleId === undefined) invalid('modulePath');
    const handlers = resolveHandlers(values.handleBy, ctx, display);
    for (const name of handlers.unknown) {
      messages.push({ key: 'import.row.invalid', args: [rowNum, label('handleBy'), name] });
    }
    for (const name of handlers.ambiguous) {
      messages.push({ key: 'import.row.ambiguous', args: [rowNum, label('handleBy'), name] });
    }
    const start = values.planStartTime ? normalizeTime(values.planStartTime) : null;
    if (start === undefined) invalid('planStartTime');
    const end = values.planEndTime ? normalizeTime(values.planEndTime) : null;
    if (end === undefined) invalid('planEndTime');
    if (start && end && end < start) messages.push({ key: 'import.row.plan-order', args: [rowNum] });
    let customFields: CustomValues = {};
    const fields = ctx.customFields ?? [];
    if (fields.length > 0) {
      const given = Object.fromEntries(
        fields.map((f) => [f.fieldKey, cellValue(f, row.extra?.[customColumnKey(f.fieldKey)] ?? '')]),
      );
      try {
        customFields = settleCustomFields(fields, null, given);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        messages.push({ key: 'import.row.field', args: [rowNum, { key: error.key, args: error.args }] });
      }
    }

    if (messages.length > 0) {
      problems.push({ rowNum, messages });
      continue;
    }
    rows.push({
      rowNum,
      defectType: type ?? DEFECT_TYPES.indexOf(DEFECT_DEFAULTS.defectType),
      defectName: values.defectName,
      defectLevel: level === undefined ? DEFECT_DEFAULTS.defectLevel : (DEFECT_LEVELS[level] as DefectLevel),
      defectState: state ?? DEFECT_DEFAULTS.defectState,
      moduleId: moduleId ?? null,
      moduleVersion: values.moduleVersion || null,
      sponsor: values.sponsor || null,
      handleBy: handlers.found,
      planStartTime: start ?? null,
      planEndTime: end ?? null,
      defectDescribe: values.defectDescribe || null,
      customFields,
    });
  }
  return { rows, problems };
}

/** The web list's column keys as the sheet names them (a sheet key is taken as itself too). */
const LIST_TO_SHEET: Record<string, DefectColumn> = {
  num: 'projectNum',
  type: 'defectType',
  title: 'defectName',
  state: 'defectState',
  level: 'defectLevel',
  handlers: 'handleBy',
  module: 'modulePath',
  version: 'moduleVersion',
  sponsor: 'sponsor',
  planStart: 'planStartTime',
  planEnd: 'planEndTime',
  creator: 'createBy',
  createTime: 'createTime',
  updateTime: 'updateTime',
};

/**
 * The columns of a sheet that follow the list's visible ones (1.0: "the export and template follow
 * the visible columns"): those named in `wanted` (the list's keys or the sheet's, `custom:<key>` for
 * a project's field), in the sheet's order, and always the title, the handler and the description
 * (what a row cannot be imported back without, and what no list column shows). Nothing named: all.
 */
export function pickColumns<K extends string>(
  columns: SheetColumn<K>[],
  wanted: string | undefined,
): SheetColumn<K>[] {
  const names = wanted
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names || names.length === 0) return columns;
  const keep = new Set<string>(['defectName', 'handleBy', 'defectDescribe']);
  for (const name of names) keep.add(LIST_TO_SHEET[name] ?? name);
  return columns.filter((c) => keep.has(c.key));
}
