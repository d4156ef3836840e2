import { AI_CASE_COUNT_DEFAULT, AI_CASE_COUNT_MAX, type AiCase, type AiCaseAnswer } from '@buglet/contracts';
import type { CaseCreateBody } from './cases.api.ts';

/** A generated case in the drawer: editable, removable, importable once. */
export interface DraftCase extends AiCase {
  key: string;
  isImported: boolean;
}

/** One prompt and what came back. */
export interface Round {
  num: number;
  prompt: string;
  count: number;
  cases: DraftCase[];
  /** How many came back (the list may since have lost some). */
  generated: number;
  seconds: number;
  /** When the answer arrived (HH:mm:ss). */
  time: string;
}

/**
 * The drawer's topic: its rounds, the model's context to send with the next prompt (empty: a new
 * topic), and the round whose cases are shown.
 */
export interface Conversation {
  rounds: Round[];
  context: number[];
  shown: number;
}

export const newTopic = (): Conversation => ({ rounds: [], context: [], shown: -1 });

export const clampCount = (count: number | null | undefined) =>
  Math.min(AI_CASE_COUNT_MAX, Math.max(1, Math.round(count ?? AI_CASE_COUNT_DEFAULT)));

/** The body of `POST /ai/case/list`: the context only when the topic goes on. */
export function generationBody(conversation: Conversation, projectId: number, prompt: string, count: number) {
  return {
    projectId,
    prompt: prompt.trim(),
    count: clampCount(count),
    ...(conversation.context.length > 0 ? { context: conversation.context } : {}),
  };
}

/** The answer becomes the next round, shown at once; its context carries the topic on. */
export function addRound(
  conversation: Conversation,
  input: { prompt: string; count: number; seconds: number; time: string },
  answer: AiCaseAnswer,
): Conversation {
  const num = (conversation.rounds.at(-1)?.num ?? 0) + 1;
  const cases = answer.cases.map((c, i) => ({ ...c, key: `${num}-${i + 1}`, isImported: false }));
  const round: Round = { ...input, prompt: input.prompt.trim(), num, cases, generated: cases.length };
  return {
    rounds: [...conversation.rounds, round],
    context: answer.context.length > 0 ? answer.context : conversation.context,
    shown: conversation.rounds.length,
  };
}

export const shownRound = (conversation: Conversation): Round | undefined =>
  conversation.rounds[conversation.shown];

function mapShown(conversation: Conversation, change: (cases: DraftCase[]) => DraftCase[]): Conversation {
  return {
    ...conversation,
    rounds: conversation.rounds.map((r, i) =>
      i === conversation.shown ? { ...r, cases: change(r.cases) } : r,
    ),
  };
}

export const updateCase = (conversation: Conversation, key: string, patch: Partial<AiCase>) =>
  mapShown(conversation, (cases) => cases.map((c) => (c.key === key ? { ...c, ...patch } : c)));

export const removeCases = (conversation: Conversation, keys: readonly string[]) =>
  mapShown(conversation, (cases) => cases.filter((c) => !keys.includes(c.key)));

/** Imported: the cases that had no deliverable now have the one the import gave them. */
export const markImported = (conversation: Conversation, keys: readonly string[], moduleId?: number) =>
  mapShown(conversation, (cases) =>
    cases.map((c) =>
      keys.includes(c.key) ? { ...c, isImported: true, moduleId: c.moduleId || moduleId || null } : c,
    ),
  );

/** True when some of these cases has no deliverable yet: the import asks for one. */
export const needsDeliverable = (cases: readonly AiCase[]) => cases.some((c) => !c.moduleId);

export type ImportProblem = 'title' | 'expect' | 'module';

/**
 * The body of `POST /system/case/batch` for the chosen cases: a case without a deliverable gets
 * `moduleId` (the import dialog's choice; the cases that have one keep theirs). A case the server
 * would refuse is named instead, as the batch is all or nothing.
 */
export function batchBody(
  projectId: number,
  cases: readonly DraftCase[],
  moduleId: number | undefined,
): { body: CaseCreateBody[]; problems: { key: string; problem: ImportProblem }[] } {
  const problems: { key: string; problem: ImportProblem }[] = [];
  const body: CaseCreateBody[] = [];
  for (const c of cases) {
    const module = c.moduleId || moduleId;
    const problem: ImportProblem | undefined = !c.caseName.trim()
      ? 'title'
      : !c.caseExpect.trim()
        ? 'expect'
        : !module
          ? 'module'
          : undefined;
    if (problem || !module) {
      problems.push({ key: c.key, problem: problem ?? 'module' });
      continue;
    }
    body.push({
      projectId,
      caseName: c.caseName.trim(),
      moduleId: module,
      caseLevel: c.caseLevel,
      casePreconditions: c.casePreconditions.trim() || null,
      caseExpect: c.caseExpect.trim(),
      caseStep: c.caseStep
        .filter((s) => s.stepDescribe.trim())
        .map((s) => ({ stepDescribe: s.stepDescribe.trim(), stepExpect: s.stepExpect.trim() })),
    });
  }
  return { body, problems };
}
