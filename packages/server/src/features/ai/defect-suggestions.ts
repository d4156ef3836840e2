import { AI_DEFECT_TITLE_MAX, DEFECT_TYPES, type DefectType } from '@buglet/contracts';
import type { Lang } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';
import { jsonText, resolveModule } from './case-generation.ts';

/**
 * The defect form's AI analysis (§10.5 of the spec): one prompt per field, and the reading of
 * the model's answer. What the model says is a suggestion to check, never a fact: a deliverable
 * or member that the project does not have is dropped, a type outside BUG/TASK/DEMAND too.
 */

/** What the model is told about the defect. */
export interface DefectFacts {
  describe: string;
  /** What the project's image model saw on the screenshot, when one was shown to it. */
  screenshot?: string | undefined;
}

export interface MemberChoice {
  userId: number;
  userName: string;
  nickName: string;
  roleNames: string[];
}

/** A version the project used, and when it was last given to a defect (`yyyy-MM-dd HH:mm:ss`). */
export interface VersionUse {
  version: string;
  lastUsed: string;
}

/** The prompt quotes at most this much of the description, and lists at most this many choices. */
const DESCRIBE_PROMPT_MAX = 8000;
const CHOICES_MAX = 300;
const VERSIONS_MAX = 20;
const TWO_WEEKS_MS = 14 * 24 * 3600 * 1000;

const WORDS = {
  zh_CN: {
    answerIn: '请用中文回答。',
    describe: '缺陷描述：',
    screenshot: '缺陷截图中显示的内容：',
    format: '返回JSON格式:',
    compress: '请把JSON压缩成一行，不要包含\\n，字符串中不要出现多余的引号。',
    title: `根据下面的缺陷描述，为这个缺陷写一个简短的标题：只包含中文、英文字母或数字，不超过${AI_DEFECT_TITLE_MAX}个字。`,
    titleField: 'title：缺陷标题。',
    module: '下面是项目的交付物（每行一个：moduleId: 路径）。选择与缺陷描述最相符的一个交付物。',
    moduleField: 'moduleId：所选交付物的moduleId，必须是上面列出的编号之一；没有合适的填null。',
    type: '判断这个缺陷的类型：BUG（缺陷）、TASK（任务）或DEMAND（需求），BUG的可能性更大。',
    typeField: 'type：BUG、TASK、DEMAND三者之一。',
    member: '下面是项目的成员（每行一个：memberId: 姓名 (账号) 角色）。选择最适合处理这个缺陷的一个成员。',
    memberField: 'memberId：所选成员的memberId，必须是上面列出的编号之一；没有合适的填null。',
    version: (today: string) =>
      `下面是项目最近使用过的版本号和最后使用的时间（每行一个，最新的在前）。今天是${today}。`,
    stale: (newest: string) =>
      `最新的版本${newest}已经超过两周没有使用了：给出比它更高的下一个版本号（同样的格式，例如1.0.0之后是1.0.1）。`,
    fresh: '返回最新的版本号；只有描述中明确提到了上面列出的另一个版本时，才返回那个版本号。',
    versionField: 'version：版本号。',
  },
  en_US: {
    answerIn: 'Answer in English.',
    describe: 'The description of the defect:',
    screenshot: "What the defect's screenshot shows:",
    format: 'Return JSON in this format:',
    compress: 'Compress the JSON to one line, without \\n and without stray quotes inside strings.',
    title: `Write a short title for the defect described below: only letters (Chinese or English) and digits, at most ${AI_DEFECT_TITLE_MAX} characters.`,
    titleField: 'title: the title of the defect.',
    module:
      "The project's deliverables follow, one per line as moduleId: path. Choose the one that best matches the description.",
    moduleField:
      'moduleId: the moduleId of the chosen deliverable, one of the numbers listed above; null when none fits.',
    type: 'Decide the type of this defect: BUG, TASK or DEMAND (a requirement); BUG is the most likely.',
    typeField: 'type: one of BUG, TASK, DEMAND.',
    member:
      "The project's members follow, one per line as memberId: name (account) roles. Choose the member best suited to handle this defect.",
    memberField:
      'memberId: the memberId of the chosen member, one of the numbers listed above; null when none fits.',
    version: (today: string) =>
      `The versions the project used recently follow, one per line with when each was last used, newest first. Today is ${today}.`,
    stale: (newest: string) =>
      `The newest version, ${newest}, has not been used for more than two weeks: give the next version after it, in the same form (after 1.0.0 comes 1.0.1).`,
    fresh:
      'Return the newest version; only when the description clearly names another of the listed versions, return that one.',
    versionField: 'version: the version number.',
  },
} as const;

function clipChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** The instructions, then the defect, then the answer's shape (the original's prompt frame). */
function frame(lang: Lang, task: string[], facts: DefectFacts, skeleton: object, field: string): string {
  const w = WORDS[lang];
  return [
    w.answerIn,
    ...task,
    `${w.describe}\n${clipChars(facts.describe.trim(), DESCRIBE_PROMPT_MAX)}`,
    ...(facts.screenshot ? [`${w.screenshot}\n${facts.screenshot.trim()}`] : []),
    `${w.format}${JSON.stringify(skeleton)}`,
    field,
    w.compress,
  ].join('\n');
}

/** The addresses of the images a Markdown description shows (screenshots pasted into it), in order. */
export function markdownImages(text: string): string[] {
  return [...text.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
}

/** What the project's image model is asked about a screenshot (a plain-text answer). */
export const screenshotPrompt = (lang: Lang) =>
  lang === 'zh_CN'
    ? '这是一张软件缺陷的截图。请用几句话说明截图中显示的内容，特别是看起来出错的地方。'
    : 'This is a screenshot of a software defect. Say in a few sentences what it shows, especially what looks wrong.';

/** At most this much of the image model's account joins the prompts. */
export const SCREENSHOT_NOTE_MAX = 2000;
export const screenshotNote = (answer: string) => clipChars(answer.trim(), SCREENSHOT_NOTE_MAX) || undefined;

export const titlePrompt = (lang: Lang, facts: DefectFacts) =>
  frame(lang, [WORDS[lang].title], facts, { title: '' }, WORDS[lang].titleField);

export function modulePrompt(lang: Lang, facts: DefectFacts, paths: ReadonlyMap<string, number>): string {
  const lines = [...paths].slice(0, CHOICES_MAX).map(([path, id]) => `${id}: ${path}`);
  return frame(lang, [WORDS[lang].module, ...lines], facts, { moduleId: 0 }, WORDS[lang].moduleField);
}

export const typePrompt = (lang: Lang, facts: DefectFacts) =>
  frame(lang, [WORDS[lang].type], facts, { type: 'BUG' }, WORDS[lang].typeField);

export function memberPrompt(lang: Lang, facts: DefectFacts, members: readonly MemberChoice[]): string {
  const lines = members
    .slice(0, CHOICES_MAX)
    .map((m) => `${m.userId}: ${m.nickName} (${m.userName}) ${m.roleNames.join(', ')}`.trim());
  return frame(lang, [WORDS[lang].member, ...lines], facts, { memberId: 0 }, WORDS[lang].memberField);
}

export function versionPrompt(
  lang: Lang,
  facts: DefectFacts,
  history: readonly VersionUse[],
  now: Date,
): string {
  const w = WORDS[lang];
  const newest = history[0];
  const lines = history.map((v) => `${v.version} ${v.lastUsed.slice(0, 10)}`);
  const rule = newest && isStale(history, now) ? w.stale(newest.version) : w.fresh;
  const today = formatDateTime(now).slice(0, 10);
  return frame(lang, [w.version(today), ...lines, rule], facts, { version: '' }, w.versionField);
}

/** `yyyy-MM-dd HH:mm:ss` in server time (the wire format) as a Date. */
const parseWireTime = (text: string) => new Date(text.replace(' ', 'T'));

/** Versions by their last use, newest first (from defects newest first); at most 20. */
export function versionHistory(rows: ReadonlyArray<{ version: string; createTime: string }>): VersionUse[] {
  const last = new Map<string, string>();
  for (const r of rows) {
    const version = r.version.trim();
    if (!version) continue;
    const seen = last.get(version);
    if (!seen || seen < r.createTime) last.set(version, r.createTime);
  }
  return [...last]
    .map(([version, lastUsed]) => ({ version, lastUsed }))
    .sort((a, b) => (a.lastUsed === b.lastUsed ? 0 : a.lastUsed < b.lastUsed ? 1 : -1))
    .slice(0, VERSIONS_MAX);
}

/** The newest version was last used more than two weeks ago: a new one is due. */
export function isStale(history: readonly VersionUse[], now: Date): boolean {
  const newest = history[0];
  if (!newest) return false;
  return now.getTime() - parseWireTime(newest.lastUsed).getTime() > TWO_WEEKS_MS;
}

/** The JSON in a model's answer (fenced, wrapped in a sentence, or bare); undefined when there is none. */
export function readModelJson(raw: string): unknown {
  const text = jsonText(raw);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The value the model gave for a field: under one of its names (any case), or the answer itself. */
function fieldOf(value: unknown, names: readonly string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  for (const name of names) {
    const found = entries.find(([k]) => k.toLowerCase() === name.toLowerCase());
    if (found) return found[1];
  }
  return undefined;
}

const firstOf = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const textOf = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
const idOf = (v: unknown) => {
  const text = textOf(firstOf(v)).replace(/^#/, '');
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
};

const QUOTES = /^["'“”‘’`《「【[(（]+|["'“”‘’`》」】\])）]+$/gu;

/** A title of letters, digits, spaces and a few joining marks, at most 128 characters; else null. */
export function pickTitle(answer: unknown): string | null {
  const raw = textOf(fieldOf(answer, ['title', 'defectName', 'name']));
  const title = raw
    .replace(/^(title|标题)\s*[:：]\s*/i, '')
    .replace(QUOTES, '')
    .replace(/[^\p{L}\p{N}\p{M}\s\-_/.,:()，、：（）+#]/gu, '')
    .replace(/[.。]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title ? clipChars(title, AI_DEFECT_TITLE_MAX).trim() : null;
}

/** A deliverable of the project, by the id the model gave or, failing that, by a path it wrote. */
export function pickModule(
  answer: unknown,
  paths: ReadonlyMap<string, number>,
): { moduleId: number; modulePath: string } | null {
  const byId = new Map([...paths].map(([path, id]) => [id, path]));
  const given = fieldOf(answer, ['moduleId', 'id', 'module', 'modulePath', 'moduleName', 'path']);
  const id = idOf(given);
  if (id !== undefined) {
    const path = byId.get(id);
    return path === undefined ? null : { moduleId: id, modulePath: path };
  }
  const written = textOf(firstOf(given)) || textOf(fieldOf(answer, ['modulePath', 'moduleName', 'path']));
  return written ? resolveModule(written, paths) : null;
}

const TYPE_WORDS: Record<string, DefectType> = {
  bug: 'BUG',
  defect: 'BUG',
  缺陷: 'BUG',
  问题: 'BUG',
  task: 'TASK',
  任务: 'TASK',
  demand: 'DEMAND',
  requirement: 'DEMAND',
  feature: 'DEMAND',
  story: 'DEMAND',
  需求: 'DEMAND',
};

export function pickType(answer: unknown): DefectType | null {
  const text = textOf(firstOf(fieldOf(answer, ['type', 'defectType'])));
  const word = text.toLowerCase().replace(/[^\p{L}]/gu, '');
  const known = TYPE_WORDS[word];
  if (known) return known;
  const named = DEFECT_TYPES.filter((t) => new RegExp(`\\b${t}\\b`, 'i').test(text));
  return named.length === 1 ? (named[0] as DefectType) : null;
}

/** A member of the project, by the id the model gave or, failing that, a unique account or name. */
export function pickMember(answer: unknown, members: readonly MemberChoice[]): MemberChoice | null {
  const given = fieldOf(answer, ['memberId', 'userId', 'id', 'member', 'handleBy', 'handler']);
  const id = idOf(given);
  if (id !== undefined) return members.find((m) => m.userId === id) ?? null;
  const written = textOf(firstOf(given)).toLowerCase();
  if (!written) return null;
  const byAccount = members.filter((m) => m.userName.toLowerCase() === written);
  const byName = members.filter((m) => m.nickName.toLowerCase() === written);
  const found = byAccount.length === 1 ? byAccount : byName;
  return found.length === 1 ? (found[0] as MemberChoice) : null;
}

const VERSION_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N}._\-+]{0,63}$/u;

/**
 * A listed version (in the project's spelling), or a new well-formed one only when a new version
 * is due (the newest is over two weeks old); anything else is dropped.
 */
export function pickVersion(answer: unknown, history: readonly VersionUse[], now: Date): string | null {
  const text = textOf(fieldOf(answer, ['version', 'moduleVersion']))
    .replace(QUOTES, '')
    .replace(/^(version|版本号?)\s*[:：]?\s*/i, '')
    .trim();
  if (!text) return null;
  const listed = history.find((v) => v.version.toLowerCase() === text.toLowerCase());
  if (listed) return listed.version;
  return isStale(history, now) && VERSION_SHAPE.test(text) ? text : null;
}
