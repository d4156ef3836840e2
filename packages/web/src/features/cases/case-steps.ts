import { CASE_STEPS_MAX, CASE_TEXT_MAX, type CaseStep } from '@buglet/contracts';

/** A step being edited; `key` keeps each row's identity while rows move. */
export interface StepDraft extends CaseStep {
  key: string;
}

let nextKey = 0;
export const newStep = (step: Partial<CaseStep> = {}): StepDraft => ({
  key: `step-${++nextKey}`,
  stepDescribe: step.stepDescribe ?? '',
  stepExpect: step.stepExpect ?? '',
});

export const toDrafts = (steps: readonly CaseStep[]): StepDraft[] => steps.map((s) => newStep(s));

export const canAddStep = (steps: readonly StepDraft[]) => steps.length < CASE_STEPS_MAX;

/** A new empty row after `index` (at the end without one); nothing past the limit. */
export function insertStep(steps: readonly StepDraft[], index?: number): StepDraft[] {
  if (!canAddStep(steps)) return [...steps];
  const at = index === undefined ? steps.length : Math.min(Math.max(index + 1, 0), steps.length);
  return [...steps.slice(0, at), newStep(), ...steps.slice(at)];
}

export const removeStep = (steps: readonly StepDraft[], index: number): StepDraft[] =>
  steps.filter((_s, i) => i !== index);

/** Moves a row one place up (-1) or down (+1); the first cannot go up nor the last down. */
export function moveStep(steps: readonly StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const to = index + by;
  if (index < 0 || index >= steps.length || to < 0 || to >= steps.length) return [...steps];
  const out = [...steps];
  const [row] = out.splice(index, 1);
  if (row) out.splice(to, 0, row);
  return out;
}

export const updateStep = (
  steps: readonly StepDraft[],
  index: number,
  patch: Partial<CaseStep>,
): StepDraft[] => steps.map((s, i) => (i === index ? { ...s, ...patch } : s));

const isBlank = (s: CaseStep) => s.stepDescribe.trim() === '' && s.stepExpect.trim() === '';

/** What is saved: trimmed, without the rows left entirely empty. */
export const stepsBody = (steps: readonly StepDraft[]): CaseStep[] =>
  steps
    .filter((s) => !isBlank(s))
    .map((s) => ({ stepDescribe: s.stepDescribe.trim(), stepExpect: s.stepExpect.trim() }));

export type StepProblem = 'describe-required' | 'too-long';

/**
 * The first problem of each row that will be saved (empty rows are dropped, so they have none):
 * a row with an expectation needs a description, and neither text may pass 255 characters.
 */
export function stepProblems(steps: readonly StepDraft[]): (StepProblem | undefined)[] {
  return steps.map((s) => {
    if (isBlank(s)) return undefined;
    if (s.stepDescribe.trim() === '') return 'describe-required';
    if (s.stepDescribe.trim().length > CASE_TEXT_MAX || s.stepExpect.trim().length > CASE_TEXT_MAX)
      return 'too-long';
    return undefined;
  });
}
