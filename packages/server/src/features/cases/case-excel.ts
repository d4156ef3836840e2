import { CASE_STEPS_MAX, CASE_TEXT_MAX, type CaseStep, type TestCase } from '@buglet/contracts';
import type ExcelJS from 'exceljs';
import { type Lang, type MessageArg, type MessageKey, translate } from '../../http/i18n.ts';
import { cellText, type SheetColumn } from '../../lib/xlsx.ts';
import type { RowProblem } from '../defects/defect-excel.ts';

const COLUMN_LABELS = {
  caseNum: 'excel.case.number',
  caseName: 'excel.case.title',
  modulePath: 'excel.case.module',
  caseLevel: 'excel.case.level',
  casePreconditions: 'excel.case.preconditions',
  caseExpect: 'excel.case.expect',
  caseStep: 'excel.case.steps',
} as const satisfies Record<string, MessageKey>;
type CaseColumn = keyof typeof COLUMN_LABELS;
const IMPORTED: readonly CaseColumn[] = [
  'caseName',
  'modulePath',
  'caseLevel',
  'casePreconditions',
  'caseExpect',
  'caseStep',
];
const REQUIRED = new Set<CaseColumn>(['caseName', 'modulePath', 'caseExpect']);
/** The headers of earlier templates and of the original's sheets, still read on import. */
const ALIASES: Partial<Record<CaseColumn, readonly string[]>> = {
  caseNum: ['用例编号'],
  caseName: ['用例名称', 'Case title', 'Name'],
  modulePath: ['模块', 'Module'],
  caseLevel: ['用例级别'],
  caseExpect: ['预期', 'Expect'],
};
const WIDTHS: Partial<Record<CaseColumn, number>> = {
  caseName: 40,
  modulePath: 30,
  caseExpect: 40,
  caseStep: 60,
};
/** One step per line of the cell: "description---expected". */
const STEP_SEPARATOR = '---';

export function caseColumns(modulePaths: readonly string[], withNumber: boolean): SheetColumn<CaseColumn>[] {
  const keys: CaseColumn[] = withNumber ? ['caseNum', ...IMPORTED] : [...IMPORTED];
  const choices: Partial<Record<CaseColumn, readonly string[]>> = {
    modulePath: modulePaths,
    caseLevel: ['1', '2', '3', '4', '5'],
  };
  return keys.map((key) => ({
    key,
    header: { zh_CN: translate('zh_CN', COLUMN_LABELS[key]), en_US: translate('en_US', COLUMN_LABELS[key]) },
    width: WIDTHS[key] ?? 16,
    isRequired: REQUIRED.has(key),
    ...(choices[key] ? { choices: choices[key] } : {}),
    ...(ALIASES[key] ? { aliases: ALIASES[key] } : {}),
  }));
}

export const stepsText = (steps: CaseStep[]) =>
  steps
    .map((s) => (s.stepExpect ? `${s.stepDescribe}${STEP_SEPARATOR}${s.stepExpect}` : s.stepDescribe))
    .join('\n');

export const caseRow = (c: TestCase) => ({
  caseNum: c.caseNum,
  caseName: c.caseName,
  modulePath: c.modulePath ?? '',
  caseLevel: c.caseLevel,
  casePreconditions: c.casePreconditions ?? '',
  caseExpect: c.caseExpect,
  caseStep: stepsText(c.caseStep),
});

export interface ImportCase {
  rowNum: number;
  caseName: string;
  moduleId: number;
  caseLevel: number;
  casePreconditions: string | null;
  caseExpect: string;
  caseStep: CaseStep[];
}

export const missingCaseColumns = (columns: Map<string, number>): MessageArg[] =>
  IMPORTED.filter((c) => REQUIRED.has(c) && !columns.has(c)).map((c) => ({ key: COLUMN_LABELS[c] }));

/** Every row checked before anything is written; blank rows skipped. */
export function checkCaseRows(
  ws: ExcelJS.Worksheet,
  columns: Map<string, number>,
  modulePaths: Map<string, number>,
): { rows: ImportCase[]; problems: RowProblem[] } {
  const rows: ImportCase[] = [];
  const problems: RowProblem[] = [];
  const label = (c: CaseColumn): MessageArg => ({ key: COLUMN_LABELS[c] });
  ws.eachRow({ includeEmpty: false }, (row, rowNum) => {
    if (rowNum === 1) return;
    const cell = (c: CaseColumn) => {
      const col = columns.get(c);
      return col ? cellText(row.getCell(col).value) : '';
    };
    const v = Object.fromEntries(IMPORTED.map((c) => [c, cell(c)])) as Record<CaseColumn, string>;
    if (IMPORTED.every((c) => v[c] === '')) return;
    const messages: RowProblem['messages'] = [];
    const empty = IMPORTED.filter((c) => REQUIRED.has(c) && v[c] === '');
    if (empty.length > 0)
      messages.push({ key: 'import.row.empty', args: [rowNum, { join: empty.map(label), sep: '、' }] });
    for (const c of ['caseName', 'casePreconditions', 'caseExpect'] as const) {
      if ([...v[c]].length > CASE_TEXT_MAX)
        messages.push({ key: 'import.row.too-long', args: [rowNum, label(c), CASE_TEXT_MAX] });
    }
    const path = v.modulePath.replace(/\s*\/\s*/g, '/');
    const moduleId = path ? modulePaths.get(path) : undefined;
    if (path && moduleId === undefined)
      messages.push({ key: 'import.row.invalid', args: [rowNum, label('modulePath'), path] });
    const level = v.caseLevel === '' ? 1 : Number(v.caseLevel);
    if (!Number.isInteger(level) || level < 1 || level > 5) {
      messages.push({ key: 'import.row.invalid', args: [rowNum, label('caseLevel'), v.caseLevel] });
    }
    const steps = v.caseStep
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(STEP_SEPARATOR);
        return at < 0
          ? { stepDescribe: line, stepExpect: '' }
          : {
              stepDescribe: line.slice(0, at).trim(),
              stepExpect: line.slice(at + STEP_SEPARATOR.length).trim(),
            };
      });
    if (steps.length > CASE_STEPS_MAX)
      messages.push({ key: 'import.row.steps-too-many', args: [rowNum, CASE_STEPS_MAX] });
    if (
      steps.some(
        (s) =>
          !s.stepDescribe ||
          [...s.stepDescribe].length > CASE_TEXT_MAX ||
          [...s.stepExpect].length > CASE_TEXT_MAX,
      )
    ) {
      messages.push({
        key: 'import.row.invalid',
        args: [rowNum, label('caseStep'), v.caseStep.slice(0, 40)],
      });
    }
    if (messages.length > 0) {
      problems.push({ rowNum, messages });
      return;
    }
    rows.push({
      rowNum,
      caseName: v.caseName,
      moduleId: moduleId as number,
      caseLevel: level,
      casePreconditions: v.casePreconditions || null,
      caseExpect: v.caseExpect,
      caseStep: steps,
    });
  });
  return { rows, problems };
}

export const renderProblems = (lang: Lang, problems: RowProblem[]) =>
  problems.map((p) => ({
    rowNum: p.rowNum,
    messages: p.messages.map((m) => translate(lang, m.key, m.args)),
  }));
