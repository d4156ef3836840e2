import type { AjaxResult, CreatorSummary, ImUserSettings, NoticeGroup, TableData } from '@buglet/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import type { NoticeMessage } from '../../lib/realtime.ts';

export interface Notice extends NoticeMessage {
  projectName: string | null;
  teamName: string | null;
  createBy: string | null;
  /** The sender named as everywhere (null: the server, or an account gone). */
  sender?: CreatorSummary | null;
  /** On a team invitation's notice: the invitation and whether it is still waiting. */
  invitation?: { invitationId: number; state: 'pending' | 'accepted' | 'declined' };
}

export interface NoticeGroupCount {
  groupName: NoticeGroup;
  notReadCount: number;
  readCount: number;
}

export interface NoticeListQuery extends QueryObject {
  pageNum: number;
  pageSize: number;
  groupName?: NoticeGroup;
  isRead?: 0 | 1;
}

export interface NoticeSendBody {
  projectId: number;
  groupName: 'artificial';
  receiveIds: number[];
  title: string;
  content: string;
}

/** A user's settings in one project; `imConfigId` is null while the defaults apply. */
export interface ImConfig {
  imConfigId: number | null;
  projectId: number;
  memberId: number;
  config: ImUserSettings;
}

export type PlatformCode = 'ding' | 'wechat';

export interface ProjectPlatformConfig {
  configId: number;
  projectId: number;
  systemCode: PlatformCode;
  /** The parameters as a JSON text, as the original stores them, with the secrets blanked. */
  configParams: string;
  /** Which secret parameters are set (their values never reach the client). */
  secretsSet?: string[];
}

export interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  from: string;
  hasPassword: boolean;
}

export interface MailConfigBody {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  /** Left out: the stored password stays. */
  password?: string;
  from: string;
}

export const noticeKeys = {
  all: ['notices'] as const,
  lists: ['notices', 'list'] as const,
  list: (query: QueryObject) => ['notices', 'list', query] as const,
  groups: ['notices', 'groups'] as const,
  detail: (noticeId: number) => ['notices', 'detail', noticeId] as const,
  imConfig: (projectId: number) => ['im-config', projectId] as const,
  platform: (code: PlatformCode, projectId: number) => ['im-platform', code, projectId] as const,
  mail: ['mail-config'] as const,
  /** Who is online, per project (fetched again after each reconnection). */
  presence: ['presence'] as const,
  online: (projectId: number) => ['presence', projectId] as const,
};

/**
 * A new notice counts at once in the bell (the frame says which group), before the counts are
 * fetched again: the dot must not wait behind the lists every open page refetches on the same push.
 */
export function countArrivedNotice(queryClient: QueryClient, groupName: NoticeGroup): void {
  queryClient.setQueryData<TableData<NoticeGroupCount>>(noticeKeys.groups, (old) => {
    if (!old) return old;
    const rows = old.rows ?? [];
    const known = rows.some((r) => r.groupName === groupName);
    const next = known
      ? rows.map((r) => (r.groupName === groupName ? { ...r, notReadCount: r.notReadCount + 1 } : r))
      : [...rows, { groupName, notReadCount: 1, readCount: 0 }];
    return { ...old, rows: next };
  });
}

/** What a pushed notice (new, or read in any of the user's tabs) makes stale: the lists and the counts. */
export async function refreshNotices(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: noticeKeys.lists }),
    queryClient.invalidateQueries({ queryKey: noticeKeys.groups }),
  ]);
}

export const listNotices = (query: NoticeListQuery) =>
  http.get<TableData<Notice>>('/system/notice/list', query);
export const getNoticeGroups = () => http.get<TableData<NoticeGroupCount>>('/system/notice/statistics/group');
/** Reading a notice marks it read (and tells the user's other tabs). */
export const getNotice = (noticeId: number) => http.get<AjaxResult<Notice>>(`/system/notice/${noticeId}`);
export const deleteNotices = (noticeIds: number[]) => http.delete(`/system/notice/${noticeIds.join(',')}`);
export const sendNotice = (body: NoticeSendBody) => http.post('/system/notice/send', body);
export const answerInvitation = (invitationId: number, answer: 'accept' | 'decline') =>
  http.post(`/system/team/invitation/${invitationId}/${answer}`);

/** Which channels the platform or project has set up, and the person's failed deliveries. */
export interface ImConfigStatus {
  channels: { mail: boolean; ding: boolean; wechat: boolean };
  failures: {
    outboxId: number;
    channel: 'mail' | 'ding' | 'wechat';
    isFinal: boolean;
    attempts: number;
    reason: string;
    createTime: string;
  }[];
}
export const getImConfigStatus = (projectId: number) =>
  http.get<AjaxResult<ImConfigStatus>>('/im/config/status', { projectId });
export const getImConfig = (projectId: number) => http.get<AjaxResult<ImConfig>>('/im/config', { projectId });
export const saveImConfig = (projectId: number, config: ImUserSettings) =>
  http.post('/im/config', { projectId, config });

export const getPlatformConfig = (code: PlatformCode, projectId: number) =>
  http.get<AjaxResult<ProjectPlatformConfig | null>>(`/im/project/${code}/config`, { projectId });
export const savePlatformConfig = (code: PlatformCode, projectId: number, params: object) =>
  http.post(`/im/project/${code}/config`, { projectId, configParams: JSON.stringify(params) });

export const getMailConfig = () => http.get<AjaxResult<MailConfig>>('/system/notice/mail-config');
export const saveMailConfig = (body: MailConfigBody) => http.put('/system/notice/mail-config', body);

/** Ids of the project's members with an open socket. */
export const listOnlineUsers = (projectId: number) =>
  http.get<AjaxResult<number[]>>('/system/online/users', { projectId });
