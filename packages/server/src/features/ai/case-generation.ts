import { AI_CASE_COUNT_DEFAULT, type AiCase, CASE_STEPS_MAX, CASE_TEXT_MAX } from '@buglet/contracts';
import { z } from 'zod';
import type { Lang } from '../../http/i18n.ts';

/** The prompt never lists more deliverables than this (a huge tree would crowd out the request). */
const PROMPT_PATHS_MAX = 300;

const SKELETON = JSON.stringify({
  cases: [
    {
      caseName: '',
      caseLevel: 1,
      moduleName: '',
      casePreconditions: '',
      caseExpect: '',
      caseStep: [{ stepDescribe: '', stepExpect: '' }],
    },
  ],
});

/** The instructions around the user's text, in the language of the request (§10.5 of the spec). */
const WORDS = {
  zh_CN: {
    answerIn: '请用中文回答。',
    defaultCount: (n: number) => `。前面如果没有标明数量，那默认生成${n}条测试用例。`,
    exactCount: (n: number) => `。请生成${n}条测试用例。`,
    paths:
      '项目的交付物路径如下（每行一个），每条用例的moduleName必须原样填写其中一个，没有合适的就填空字符串：',
    noPaths: '项目还没有交付物，moduleName填空字符串。',
    format: '返回JSON格式:',
    fields:
      '字段说明：caseName 用例标题，必填，5到64个字符；caseLevel 用例级别，1到5的整数，1最重要；moduleName 交付物路径；casePreconditions 前置条件；caseExpect 预期结果，必填；caseStep 测试步骤，2到10步，每步有 stepDescribe（步骤描述，必填，5到64个字符）和 stepExpect（步骤预期，5到64个字符）。',
    compress: '请把JSON压缩成一行，不要包含\\n，字符串中不要出现多余的引号。',
  },
  en_US: {
    answerIn: 'Answer in English.',
    defaultCount: (n: number) => `. If no number of test cases is stated above, generate ${n} test cases.`,
    exactCount: (n: number) => `. Generate ${n} test cases.`,
    paths:
      "The project's deliverable paths follow, one per line; each case's moduleName must be one of them, written exactly, or an empty string when none fits:",
    noPaths: 'The project has no deliverables yet; use an empty string for moduleName.',
    format: 'Return JSON in this format:',
    fields:
      'Fields: caseName the title of the case, required, 5 to 64 characters; caseLevel the level, an integer from 1 to 5, 1 being the most important; moduleName the deliverable path; casePreconditions the preconditions; caseExpect the expected result, required; caseStep the steps, 2 to 10 of them, each with stepDescribe (what to do, required, 5 to 64 characters) and stepExpect (what should happen, 5 to 64 characters).',
    compress: 'Compress the JSON to one line, without \\n and without stray quotes inside strings.',
  },
} as const;

export function buildCasePrompt(input: {
  lang: Lang;
  prompt: string;
  count?: number | undefined;
  modulePaths: readonly string[];
}): string {
  const w = WORDS[input.lang];
  const paths = input.modulePaths.slice(0, PROMPT_PATHS_MAX);
  return [
    w.answerIn,
    `${input.prompt.trim()}${input.count === undefined ? w.defaultCount(AI_CASE_COUNT_DEFAULT) : w.exactCount(input.count)}`,
    paths.length > 0 ? `${w.paths}\n${paths.join('\n')}` : w.noPaths,
    `${w.format}${SKELETON}`,
    w.fields,
    w.compress,
  ].join('\n');
}

/** At most `max` UTF-16 units (the limit the case form checks), never splitting a character. */
function clip(text: string, max = CASE_TEXT_MAX): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Text the model may give as a string, a number or a list of lines. */
const looseText = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v.join('\n') : v === null || v === undefined ? '' : String(v)));

const looseStep = z.union([
  z.string().transform((stepDescribe) => ({ stepDescribe, stepExpect: '' })),
  z.object({ stepDescribe: looseText, stepExpect: looseText.optional() }),
]);

const looseCase = z.object({
  caseName: looseText,
  caseLevel: z.union([z.number(), z.string()]).nullish(),
  moduleName: looseText.optional(),
  casePreconditions: looseText.optional(),
  caseExpect: looseText.optional(),
  caseStep: z.array(z.unknown()).nullish(),
});

/** The JSON inside an answer that may wrap it in a code fence or a sentence. */
export function jsonText(raw: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(raw);
  const body = (fenced?.[1] ?? raw).trim();
  const start = body.search(/[[{]/);
  const end = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
  return start >= 0 && end > start ? body.slice(start, end + 1) : body;
}

/** `{cases:[…]}` as asked, or what models return instead: a bare list, another key, one case. */
function caseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.cases)) return record.cases;
  if ('caseName' in record) return [record];
  const list = Object.values(record).find(
    (v) => Array.isArray(v) && v.some((c) => c && typeof c === 'object'),
  );
  return (list as unknown[] | undefined) ?? [];
}

function levelOf(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').replace(/^\D+/, ''), 10);
  return Number.isFinite(n) ? Math.min(5, Math.max(1, Math.round(n))) : 3;
}

/** Finds a deliverable by the path the model wrote: exact, then ignoring case and spaces, then a unique last name. */
export function resolveModule(
  written: string,
  paths: ReadonlyMap<string, number>,
): { moduleId: number; modulePath: string } | null {
  const wanted = written
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
  if (!wanted) return null;
  const exact = paths.get(wanted);
  if (exact !== undefined) return { moduleId: exact, modulePath: wanted };
  const lower = wanted.toLowerCase();
  const entries = [...paths.entries()];
  const same = entries.find(([p]) => p.toLowerCase() === lower);
  if (same) return { moduleId: same[1], modulePath: same[0] };
  const byName = entries.filter(([p]) => p.split('/').pop()?.toLowerCase() === lower.split('/').pop());
  const only = byName.length === 1 ? byName[0] : undefined;
  return only ? { moduleId: only[1], modulePath: only[0] } : null;
}

function toCase(raw: unknown, paths: ReadonlyMap<string, number>): AiCase | null {
  const parsed = looseCase.safeParse(raw);
  if (!parsed.success) return null;
  const c = parsed.data;
  const caseName = clip(c.caseName);
  if (!caseName) return null;
  const caseStep = (c.caseStep ?? [])
    .map((s) => looseStep.safeParse(s))
    .flatMap((s) => (s.success ? [s.data] : []))
    .map((s) => ({ stepDescribe: clip(s.stepDescribe), stepExpect: clip(s.stepExpect ?? '') }))
    .filter((s) => s.stepDescribe)
    .slice(0, CASE_STEPS_MAX);
  const module = resolveModule(c.moduleName ?? '', paths);
  return {
    caseName,
    caseLevel: levelOf(c.caseLevel),
    moduleId: module?.moduleId ?? null,
    modulePath: module?.modulePath ?? null,
    casePreconditions: clip(c.casePreconditions ?? ''),
    // A model that forgot the overall expectation usually stated it as the last step's.
    caseExpect: clip(c.caseExpect || caseStep.at(-1)?.stepExpect || ''),
    caseStep,
  };
}

/** The cases in a model's answer, or null when nothing usable can be read from it. */
export function parseCaseAnswer(answer: string, paths: ReadonlyMap<string, number>): AiCase[] | null {
  let value: unknown;
  try {
    value = JSON.parse(jsonText(answer));
  } catch {
    return null;
  }
  const cases = caseList(value).flatMap((raw) => toCase(raw, paths) ?? []);
  return cases.length > 0 ? cases : null;
}
