import { CASE_STEPS_MAX, CASE_TEXT_MAX, type CaseStep, type TestCase } from '@buglet/contracts';
import type { MessageKey } from '../../http/i18n.ts';
import {
  emptyCells,
  type ImportSheet,
  labelOf,
  type RowProblem,
  type SheetRow,
  sheetColumns,
} from '../../lib/sheet-import.ts';
import type { SheetColumn } from '../../lib/xlsx.ts';

const COLUMN_LABELS = {
  caseNum: 'excel.case.number',
  caseName: 'excel.case.title',
  modulePath: 'excel.case.module',
  caseLevel: 'excel.case.level',
  casePreconditions: 'excel.case.preconditions',
  caseExpect: 'excel.case.expect',
  caseStep: 'excel.case.steps',
  caseKey: 'excel.case.key',
} as const satisfies Record<string, MessageKey>;
type CaseColumn = keyof typeof COLUMN_LABELS;

/** The case sheet: the template's columns; an export adds the case number. */
export const CASE_SHEET: ImportSheet<CaseColumn> = {
  labels: COLUMN_LABELS,
  imported: ['caseName', 'modulePath', 'caseLevel', 'casePreconditions', 'caseExpect', 'caseStep', 'caseKey'],
  required: new Set(['caseName', 'modulePath', 'caseExpect']),
  /** The headers of earlier templates and of the original's sheets, still read on import. */
  aliases: {
    caseNum: ['用例编号'],
    caseName: ['用例名称', 'Case title', 'Name'],
    modulePath: ['模块', 'Module'],
    caseLevel: ['用例级别'],
    caseExpect: ['预期', 'Expect'],
  },
  widths: {
    caseName: 40,
    modulePath: 30,
    caseExpect: 40,
    caseStep: 60,
  },
};

/** One step per line of the cell: "description---expected". */
const STEP_SEPARATOR = '---';

export function caseColumns(modulePaths: readonly string[], withNumber: boolean): SheetColumn<CaseColumn>[] {
  return sheetColumns(CASE_SHEET, withNumber ? ['caseNum', ...CASE_SHEET.imported] : CASE_SHEET.imported, {
    modulePath: modulePaths,
    caseLevel: ['1', '2', '3', '4', '5'],
  });
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
  caseKey: c.caseKey ?? '',
});

export interface ImportCase {
  rowNum: number;
  caseName: string;
  moduleId: number;
  caseLevel: number;
  casePreconditions: string | null;
  caseExpect: string;
  caseStep: CaseStep[];
  caseKey: string | null;
}

/** Every row checked before anything is written. */
export function checkCaseRows(
  sheet: readonly SheetRow<CaseColumn>[],
  modulePaths: Map<string, number>,
): { rows: ImportCase[]; problems: RowProblem[] } {
  const rows: ImportCase[] = [];
  const problems: RowProblem[] = [];
  const label = (c: CaseColumn) => labelOf(CASE_SHEET, c);
  for (const row of sheet) {
    const { rowNum, values: v } = row;
    const messages = emptyCells(CASE_SHEET, row);
    for (const c of ['caseName', 'casePreconditions', 'caseExpect', 'caseKey'] as const) {
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
      continue;
    }
    rows.push({
      rowNum,
      caseName: v.caseName,
      moduleId: moduleId as number,
      caseLevel: level,
      casePreconditions: v.casePreconditions || null,
      caseExpect: v.caseExpect,
      caseStep: steps,
      caseKey: v.caseKey || null,
    });
  }
  return { rows, problems };
}
