import { NOTICE_GROUPS, type NoticeGroup } from '@buglet/contracts';

export interface GroupCount {
  groupName: string;
  notReadCount: number;
}

export type NoticeTab = 'all' | NoticeGroup;
export const NOTICE_TABS: readonly NoticeTab[] = ['all', ...NOTICE_GROUPS];

export const TAB_LABEL_KEYS: Record<NoticeTab, string> = {
  all: 'notice.all',
  defect: 'notice.defect',
  report: 'notice.report',
  artificial: 'notice.artificial',
};

export function isNoticeTab(value: string | undefined): value is NoticeTab {
  return value !== undefined && (NOTICE_TABS as readonly string[]).includes(value);
}

/** Unread notices = the sum of each group's unread count (seed §9); bad counts count as none. */
export function unreadTotal(rows: readonly GroupCount[] | undefined): number {
  return (rows ?? []).reduce(
    (sum, row) => sum + (Number.isFinite(row.notReadCount) ? Math.max(0, row.notReadCount) : 0),
    0,
  );
}

export function unreadOf(rows: readonly GroupCount[] | undefined, tab: NoticeTab): number {
  if (tab === 'all') return unreadTotal(rows);
  return unreadTotal((rows ?? []).filter((row) => row.groupName === tab));
}

/**
 * Where a notice's link leads inside the app. Ours are hash paths ('/project/defect?defectId=5');
 * the original stored full URLs ('https://host/#/project/defect?…'), whose hash part is the path.
 * Anything else (another site, a javascript: URL) gives undefined: it is not followed.
 */
export function noticeLinkPath(src: string | null | undefined): string | undefined {
  const text = src?.trim();
  if (!text) return undefined;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  if (text.startsWith('#/')) return text.slice(1);
  if (/^https?:\/\//i.test(text)) {
    const hash = text.indexOf('#/');
    return hash >= 0 ? text.slice(hash + 1) : undefined;
  }
  return undefined;
}

/** The project a link points into (its projectId query), so the app can switch there first. */
export function linkProjectId(path: string): number | undefined {
  const query = path.split('?')[1] ?? '';
  const projectId = Number(new URLSearchParams(query).get('projectId'));
  return Number.isInteger(projectId) && projectId > 0 ? projectId : undefined;
}

/** A notice's Markdown as one short line of plain text for the pop-up; headings repeat the title, so they go. */
export function plainExcerpt(markdown: string | null | undefined, max = 120): string {
  const text = (markdown ?? '')
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s.*$/gm, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+[.)]|>)\s+/gm, '')
    .replace(/(?<!\\)[*_`~]/g, '')
    // A backslash escape (`3\.0`, `\#6`, as escapeMarkdown writes names into notices) is its character.
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
