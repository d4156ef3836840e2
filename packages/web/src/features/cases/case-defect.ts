import type { CaseStep, TestCase } from '@buglet/contracts';
import type { TFunction } from 'i18next';
import { CASE_PAGE_PATH } from '../../lib/page-paths.ts';
import type { DefectPrefill } from '../defects/index.ts';

/** Markdown list items are one line each, so a step written over several lines is joined. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

function stepLine(step: CaseStep, index: number, t: TFunction): string {
  const expect = oneLine(step.stepExpect);
  const text = `${index + 1}. ${oneLine(step.stepDescribe)}`;
  return expect ? `${text} — ${t('case.defect.step-expect', { expect })}` : text;
}

/** What of a case a defect found with it tells (a plan's item carries as much). */
export type CaseOfDefect = Pick<
  TestCase,
  'caseId' | 'caseNum' | 'caseName' | 'caseStep' | 'caseExpect' | 'casePreconditions' | 'moduleId'
>;

/**
 * A new defect found with a test case, or at one of its steps (`stepIndex`, from 0): the title names
 * the case (or the step), and the Markdown description gives the preconditions, the steps taken (all,
 * or up to that step), the expected result (the step's own, else the case's) and a heading for what
 * happened instead, for the tester to fill in. The defect goes on the case's deliverable.
 */
export function defectFromCase(testCase: CaseOfDefect, t: TFunction, stepIndex?: number): DefectPrefill {
  const step = stepIndex === undefined ? undefined : testCase.caseStep[stepIndex];
  const caseLabel = `#${testCase.caseNum} ${testCase.caseName}`;
  const link = `[#${testCase.caseNum}](/#${CASE_PAGE_PATH}?caseId=${testCase.caseId}) ${oneLine(testCase.caseName)}`;
  const taken = step ? testCase.caseStep.slice(0, (stepIndex ?? 0) + 1) : testCase.caseStep;
  const expected = step?.stepExpect.trim() || testCase.caseExpect.trim();
  const sections = [
    step
      ? t('case.defect.source-step', { case: link, num: (stepIndex ?? 0) + 1 })
      : t('case.defect.source', { case: link }),
  ];
  const preconditions = testCase.casePreconditions?.trim();
  if (preconditions) sections.push(`### ${t('case.preconditions')}\n${preconditions}`);
  if (taken.length > 0)
    sections.push(`### ${t('case.steps')}\n${taken.map((s, i) => stepLine(s, i, t)).join('\n')}`);
  if (expected) sections.push(`### ${t('case.expect')}\n${expected}`);
  sections.push(`### ${t('case.defect.actual')}\n`);
  return {
    defectName: step
      ? t('case.defect.step-title', {
          name: oneLine(testCase.caseName),
          num: (stepIndex ?? 0) + 1,
          step: oneLine(step.stepDescribe),
        })
      : caseLabel,
    defectDescribe: sections.join('\n\n'),
    moduleId: testCase.moduleId ?? undefined,
    caseId: testCase.caseId,
    caseLabel,
  };
}
