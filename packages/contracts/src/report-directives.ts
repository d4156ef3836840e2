import { escapeMarkdown, linkKind } from './markdown.ts';
import {
  REPORT_CARD_LIMIT,
  REPORT_PLAN_FIELDS,
  REPORT_PROJECT_FIELDS,
  REPORT_SOURCES,
  type ReportCase,
  type ReportCaseCoverage,
  type ReportCount,
  type ReportData,
  type ReportDefect,
  type ReportPlanItem,
  type ReportProject,
  type ReportSource,
} from './report-data.ts';

/**
 * The report directive language (the original's, original-ui §5.1.3 and original-backend §10.1),
 * parsed and turned into Markdown here, once, for the server (text snapshots) and the web (live
 * reports). A directive either parses whole or is not a directive: what does not parse stays text.
 *
 *   ${api.project.projectName}   $t{…}  $text{…}     a value (project fields, totals)
 *   $img{api.project.projectIcon}  $image["style":"width:100px;height:100px;"]{…}
 *   $table{api.defect.list}  $table{api.defect.list[projectNum,defectName:Title]}
 *   $card{api.case.list}
 *   ${api.plan.planName}  $table{api.plan.items}   a test plan's figures and items (a report made for a plan)
 */
export type Directive =
  | { kind: 'variable'; path: string }
  | { kind: 'image'; path: string; width?: number; height?: number }
  | { kind: 'table'; source: ReportSource; columns: Column[] }
  | { kind: 'card'; source: 'api.case.list' };

export interface Column {
  field: string;
  /** The header the author wrote (`field:Header`); else the field's own words. */
  header?: string;
}

/** The words a rendering needs, from the reader's language (the web's i18n, the server's). */
export interface ReportLabels {
  column(field: string): string;
  defectType(type: string): string;
  defectLevel(level: string): string;
  defectState(state: number): string;
  caseState(state: string): string;
  /** A plan item's state, or Buglet's result (blocked, skipped, waiting for a retest). */
  planItemState(state: string): string;
  /** The line under a cut list: "… and N more". */
  more(count: number): string;
  /** A group without a name: no deliverable, no handler. */
  none(): string;
}

const TOTALS = ['api.case.total', 'api.defect.total', 'api.defect.openTotal'] as const;

/** Whether a variable path names something a report can show. */
export function isVariablePath(path: string): boolean {
  if (path === 'api.project' || (TOTALS as readonly string[]).includes(path)) return true;
  if (path.startsWith('api.plan.'))
    return (REPORT_PLAN_FIELDS as readonly string[]).includes(path.slice('api.plan.'.length));
  const field = path.startsWith('api.project.') ? path.slice('api.project.'.length) : '';
  return (REPORT_PROJECT_FIELDS as readonly string[]).includes(field);
}

export function variableValue(path: string, data: ReportData): string | undefined {
  if (!isVariablePath(path)) return undefined;
  if (path === 'api.project') return JSON.stringify(data.project);
  if (path === 'api.case.total') return String(data.case.total);
  if (path === 'api.defect.total') return String(data.defect.total);
  if (path === 'api.defect.openTotal') return String(data.defect.openTotal);
  if (path.startsWith('api.plan.')) {
    const value = data.plan?.info[path.slice('api.plan.'.length) as keyof typeof data.plan.info];
    return value === null || value === undefined ? ' ' : String(value);
  }
  const value = data.project[path.slice('api.project.'.length) as keyof ReportProject];
  // The original shows a missing value as one space.
  return value === null || value === undefined ? ' ' : String(value);
}

type Cell = string | number | null | undefined;
type Getter<Row> = (row: Row, l: ReportLabels) => Cell;
interface SourceSpec<Row> {
  fields: Record<string, Getter<Row>>;
  defaults: string[];
  rows(data: ReportData): Row[] | undefined;
  total(data: ReportData): number;
}

const oneLine = (text: string | null, max = 200) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};
const uploads = (urls: string | null) =>
  (urls ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => linkKind(u) === 'upload');

/** Cells are escaped when the table is written; these two are Markdown of their own. */
const RAW_FIELDS = new Set(['imgList', 'annexList', 'caseStep']);

const defectFields: Record<string, Getter<ReportDefect>> = {
  projectNum: (d) => d.projectNum,
  defectTypeName: (d, l) => l.defectType(d.defectType),
  defectLevel: (d, l) => l.defectLevel(d.defectLevel),
  defectName: (d) => d.defectName,
  defectStateName: (d, l) => l.defectState(d.defectState),
  moduleName: (d) => d.moduleName,
  moduleVersion: (d) => d.moduleVersion,
  defectDescribe: (d) => oneLine(d.defectDescribe),
  handleBy: (d) => d.handleBy.join(', '),
  createBy: (d) => d.createBy,
  createTime: (d) => d.createTime,
  updateBy: (d) => d.updateBy,
  updateTime: (d) => d.updateTime,
  planStartTime: (d) => d.planStartTime,
  planEndTime: (d) => d.planEndTime,
  imgList: (d) =>
    uploads(d.imgUrls)
      .map((u) => `![](${u} "=48x48")`)
      .join(' '),
  annexList: (d) =>
    uploads(d.annexUrls)
      .map((u) => `[${escapeMarkdown(u.split('/').pop() ?? u)}](${u})`)
      .join(' '),
};
const DEFECT_DEFAULTS = [
  'projectNum',
  'defectTypeName',
  'defectLevel',
  'defectName',
  'defectStateName',
  'moduleName',
  'moduleVersion',
  'defectDescribe',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'imgList',
  'annexList',
];

const caseFields: Record<string, Getter<ReportCase>> = {
  caseNum: (c) => c.caseNum,
  caseName: (c) => c.caseName,
  moduleName: (c) => c.moduleName,
  caseLevel: (c) => c.caseLevel,
  casePreconditions: (c) => oneLine(c.casePreconditions),
  caseExpect: (c) => oneLine(c.caseExpect),
  caseStep: (c) =>
    c.caseStep.map((s, i) => `${i + 1}\\. ${escapeMarkdown(oneLine(s.stepDescribe))}`).join(' '),
  caseState: (c, l) => l.caseState(c.caseState),
  remark: (c) => oneLine(c.remark),
  createBy: (c) => c.createBy,
  createTime: (c) => c.createTime,
  updateTime: (c) => c.updateTime,
};

const share = (count: number, all: number) => (all === 0 ? '0%' : `${Math.round((count / all) * 100)}%`);
const sumOf = (rows: ReportCount[] | undefined) => (rows ?? []).reduce((n, r) => n + r.count, 0);

function countSpec(
  source: keyof ReportData['stats'] & ReportSource,
  group: string,
  name: Getter<ReportCount>,
): SourceSpec<unknown> {
  const rows = (data: ReportData) => data.stats[source] as ReportCount[] | undefined;
  return spec<ReportCount>({
    fields: {
      [group]: name,
      count: (r) => r.count,
      // Turned into a share of all groups when the table is written (counts are never cut).
      percent: (r) => r.count,
    },
    defaults: [group, 'count', 'percent'],
    rows,
    total: (data) => rows(data)?.length ?? 0,
  });
}

const named: Getter<ReportCount> = (r, l) => r.name ?? l.none();

/** One place where each source's row type is forgotten: a spec is only used with its own rows. */
const spec = <Row>(s: SourceSpec<Row>) => s as unknown as SourceSpec<unknown>;

const SPECS: Record<ReportSource, SourceSpec<unknown>> = {
  'api.defect.list': spec({
    fields: defectFields,
    defaults: DEFECT_DEFAULTS,
    rows: (d) => d.defect.list,
    total: (d) => d.defect.total,
  }),
  'api.defect.open': spec({
    fields: defectFields,
    defaults: ['projectNum', 'defectName', 'defectLevel', 'defectStateName', 'handleBy', 'updateTime'],
    rows: (d) => d.defect.open,
    total: (d) => d.defect.openTotal,
  }),
  'api.defect.byState': countSpec('api.defect.byState', 'state', (r, l) => l.defectState(Number(r.key))),
  'api.defect.byType': countSpec('api.defect.byType', 'type', (r, l) => l.defectType(r.key)),
  'api.defect.byLevel': countSpec('api.defect.byLevel', 'level', (r, l) => l.defectLevel(r.key)),
  'api.defect.byHandler': countSpec('api.defect.byHandler', 'handler', named),
  'api.defect.byModule': countSpec('api.defect.byModule', 'module', named),
  'api.defect.trend': spec<{ day: string; created: number; closed: number }>({
    fields: { day: (r) => r.day, created: (r) => r.created, closed: (r) => r.closed },
    defaults: ['day', 'created', 'closed'],
    rows: (d) => d.stats['api.defect.trend'],
    total: (d) => d.stats['api.defect.trend']?.length ?? 0,
  }),
  'api.case.list': spec({
    fields: caseFields,
    defaults: Object.keys(caseFields),
    rows: (d) => d.case.list,
    total: (d) => d.case.total,
  }),
  'api.case.byState': countSpec('api.case.byState', 'state', (r, l) => l.caseState(r.key)),
  'api.case.byModule': spec<ReportCaseCoverage>({
    fields: {
      module: (r, l) => r.name ?? l.none(),
      total: (r) => r.total,
      pass: (r) => r.pass,
      fail: (r) => r.fail,
      untested: (r) => r.untested,
      passRate: (r) => share(r.pass, r.total),
    },
    defaults: ['module', 'total', 'pass', 'fail', 'untested', 'passRate'],
    rows: (d) => d.stats['api.case.byModule'],
    total: (d) => d.stats['api.case.byModule']?.length ?? 0,
  }),
  'api.plan.items': spec<ReportPlanItem>({
    fields: {
      caseNum: (i) => i.caseNum,
      caseName: (i) => i.caseName,
      moduleName: (i) => i.moduleName,
      planItemState: (i, l) => l.planItemState(i.planItemResult ?? i.planItemState),
      defectCount: (i) => i.defectCount,
      updateBy: (i) => i.updateBy,
      updateTime: (i) => i.updateTime,
    },
    defaults: ['caseNum', 'caseName', 'moduleName', 'planItemState', 'defectCount', 'updateBy', 'updateTime'],
    rows: (d) => d.plan?.items,
    total: (d) => d.plan?.itemTotal ?? 0,
  }),
  'api.member.all': spec<{ nickName: string; userName: string }>({
    fields: { nickName: (m) => m.nickName, userName: (m) => m.userName },
    defaults: ['nickName', 'userName'],
    rows: (d) => d.member.all,
    total: (d) => d.member.all?.length ?? 0,
  }),
};

/** The fields a source's table can show, for the editor's field picker. */
export function sourceFields(source: ReportSource): string[] {
  return Object.keys(SPECS[source].fields);
}

const VARIABLE = /^\$(?:t|text)?\{(api(?:\.\w+)+)\}$/;
const IMAGE = /^\$(?:img|image\[([^\]]*)\])\{(api(?:\.\w+)+)\}$/;
const TABLE = /^\$table\{(api(?:\.\w+)+)(?:\[([^\]]*)\])?\}$/;
const CARD = /^\$card\{api\.case\.list\}$/;

/** `"style":"width:100px;height:80px;"` or `width:100,height:80`: the size, nothing else is honoured. */
function imageSize(attrs: string | undefined): { width?: number; height?: number } {
  const px = (name: string) => {
    const hit = new RegExp(`${name}"?\\s*:\\s*"?(\\d{1,4})`).exec(attrs ?? '');
    return hit?.[1] === undefined ? undefined : Number(hit[1]);
  };
  const width = px('width');
  const height = px('height');
  return { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
}

function parseColumns(source: ReportSource, list: string | undefined): Column[] | null {
  const { fields, defaults } = SPECS[source];
  if (list === undefined || list.trim() === '') return defaults.map((field) => ({ field }));
  const columns: Column[] = [];
  for (const part of list.split(',')) {
    const [rawField, ...rest] = part.split(':');
    const field = (rawField ?? '').trim();
    if (!(field in fields)) return null;
    const header = rest.join(':').trim();
    columns.push(header ? { field, header } : { field });
  }
  return columns;
}

/** A whole directive, or null: anything else (a typo, an unknown field) stays text. */
export function parseDirective(text: string): Directive | null {
  const line = text.trim();
  const variable = VARIABLE.exec(line);
  if (variable?.[1] !== undefined)
    return isVariablePath(variable[1]) ? { kind: 'variable', path: variable[1] } : null;
  const image = IMAGE.exec(line);
  if (image?.[2] !== undefined)
    return image[2] === 'api.project.projectIcon'
      ? { kind: 'image', path: image[2], ...imageSize(image[1]) }
      : null;
  if (CARD.test(line)) return { kind: 'card', source: 'api.case.list' };
  const table = TABLE.exec(line);
  const source = table?.[1];
  if (source === undefined || !(REPORT_SOURCES as readonly string[]).includes(source)) return null;
  const columns = parseColumns(source as ReportSource, table?.[2]);
  return columns ? { kind: 'table', source: source as ReportSource, columns } : null;
}

const cellText = (cell: Cell) => escapeMarkdown(String(cell ?? '').replace(/\s+/g, ' '));

function tableMarkdown(d: Extract<Directive, { kind: 'table' }>, data: ReportData, l: ReportLabels): string {
  const source = SPECS[d.source];
  const rows = source.rows(data) ?? [];
  const isCount = d.source.includes('.by') && d.source !== 'api.case.byModule';
  const all = isCount ? sumOf(rows as ReportCount[]) : 0;
  const header = d.columns.map((c) => cellText(c.header ?? l.column(c.field)));
  const lines = [`| ${header.join(' | ')} |`, `| ${d.columns.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    const cells = d.columns.map((c) => {
      const value = source.fields[c.field]?.(row, l);
      if (c.field === 'percent' && isCount) return share(Number(value), all);
      return RAW_FIELDS.has(c.field) ? String(value ?? '') : cellText(value);
    });
    lines.push(`| ${cells.join(' | ')} |`);
  }
  if (rows.length === 0)
    lines.push(`| ${d.columns.map((_, i) => (i === 0 ? cellText(l.none()) : '')).join(' | ')} |`);
  const left = source.total(data) - rows.length;
  if (left > 0) lines.push('', cellText(l.more(left)));
  return lines.join('\n');
}

function cardMarkdown(c: ReportCase, l: ReportLabels): string {
  const field = (name: string, value: Cell) => `**${cellText(l.column(name))}**: ${cellText(value)}  `;
  const lines = [
    `#### ${c.caseNum} ${cellText(c.caseName)}`,
    '',
    field('moduleName', c.moduleName ?? l.none()),
    field('casePreconditions', c.casePreconditions),
    field('caseExpect', c.caseExpect),
    field('caseState', l.caseState(c.caseState)),
  ];
  if (c.caseStep.length > 0) {
    lines.push('', `| # | ${cellText(l.column('stepDescribe'))} | ${cellText(l.column('stepExpect'))} |`);
    lines.push('| --: | --- | --- |');
    c.caseStep.forEach((s, i) => {
      lines.push(`| ${i + 1} | ${cellText(s.stepDescribe)} | ${cellText(s.stepExpect)} |`);
    });
  }
  return lines.join('\n');
}

/** A directive written out as plain Markdown with the data in it; every value is escaped. */
export function directiveMarkdown(d: Directive, data: ReportData, l: ReportLabels): string {
  if (d.kind === 'variable') return escapeMarkdown(variableValue(d.path, data) ?? '');
  if (d.kind === 'image') {
    const icon = data.project.projectIcon ?? '';
    if (linkKind(icon) !== 'upload') return '';
    const size = d.width || d.height ? ` "=${d.width ?? d.height}x${d.height ?? d.width}"` : '';
    return `![projectIcon](${icon}${size})`;
  }
  if (d.kind === 'table') return tableMarkdown(d, data, l);
  const cases = (data.case.list ?? []).slice(0, REPORT_CARD_LIMIT);
  const cards = cases.map((c) => cardMarkdown(c, l));
  const left = data.case.total - cases.length;
  if (left > 0) cards.push(cellText(l.more(left)));
  return cards.join('\n\n');
}

/** The data sources a directive draws on (for `need`). */
export function directiveNeeds(d: Directive): ReportSource[] {
  if (d.kind === 'table') return [d.source];
  return d.kind === 'card' ? ['api.case.list'] : [];
}
