import {
  checkModuleNames,
  MODULE_BATCH_MAX,
  MODULE_NAME_MAX,
  type ModuleNameProblem,
} from '@buglet/contracts';
import type { TFunction } from 'i18next';

/** The batch textarea's lines, as numbered in the problems (1-based, blank lines counted). */
export const splitLines = (text: string): string[] => text.split(/\r\n|\r|\n/);

/**
 * Checks the batch text by the server's own rule and says what is wrong, one message per bad line
 * ("Line 3: …"); an empty list means the names can be sent.
 */
export function batchProblems(text: string, t: TFunction): string[] {
  const { names, problems } = checkModuleNames(splitLines(text));
  const messages = problems.map((p) =>
    p.problem === 'empty'
      ? t('module.names-required')
      : t('module.line-problem', { line: p.line, problem: problemText(p, t) }),
  );
  if (names.length > MODULE_BATCH_MAX) messages.push(t('module.batch-too-many', { max: MODULE_BATCH_MAX }));
  return messages;
}

/** The names a valid batch sends, trimmed, blank lines left out. */
export const batchNames = (text: string): string[] =>
  checkModuleNames(splitLines(text)).names.map((n) => n.name);

/** The single name's problem, if any (the same rule, without a line number). */
export function nameProblem(name: string, t: TFunction): string | undefined {
  const problem = checkModuleNames([name]).problems[0];
  if (!problem) return undefined;
  return problem.problem === 'empty' ? t('module.name-required') : problemText(problem, t);
}

function problemText(p: ModuleNameProblem, t: TFunction): string {
  switch (p.problem) {
    case 'too-long':
      return t('module.problem.too-long', { max: MODULE_NAME_MAX });
    case 'slash':
      return t('module.problem.slash');
    case 'repeated':
      return t('module.problem.repeated');
    case 'empty':
      return t('module.name-required');
  }
}
