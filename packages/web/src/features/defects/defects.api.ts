import type {
  AjaxResult,
  Defect,
  DefectAction,
  DefectBulkAction,
  DefectBulkAnswer,
  DefectLevel,
  DefectType,
  TableData,
} from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

import { sendViewClosed, viewsClosed } from '../../lib/view-focus.ts';

/** A defect as the detail call returns it: with the actions this user may take now. */
export type DefectDetail = Defect & { actions?: DefectAction[] };

export interface DefectBulkBody {
  projectId: number;
  defectIds: number[];
  action: DefectBulkAction;
  handleBy?: number[];
  defectLevel?: DefectLevel;
  moduleVersion?: string | null;
  moduleId?: number | null;
  defectLogDescribe?: string;
}

export interface DefectBody {
  defectId?: number;
  projectId?: number;
  /** Left out (switched off in the project's layout): a BUG, or what the defect has. */
  defectType?: DefectType;
  defectName: string;
  defectDescribe?: string;
  defectLevel?: DefectLevel;
  handleBy: number[];
  /** The linked deliverable; null unlinks it. */
  moduleId?: number | null;
  moduleVersion?: string | null;
  /** Who asked for it, in words. */
  sponsor?: string | null;
  imgUrls?: string | null;
  annexUrls?: string | null;
  planStartTime?: string | null;
  planEndTime?: string | null;
  /** The test case the defect was found with (create only). */
  caseId?: number | null;
  /** The project's own fields by key; merged over what the defect has. */
  customFields?: Record<string, unknown>;
}

/** What a new defect starts with when it comes from somewhere (a test case or one of its steps, the browser tool). */
export interface DefectPrefill {
  defectName: string;
  defectDescribe: string;
  moduleId?: number;
  /** The version found in (a plan's). */
  moduleVersion?: string;
  caseId?: number;
  /** '#12 Log in', shown above the form so the link is visible before saving. */
  caseLabel?: string;
  /** Uploaded already (`/profile/...`, comma-separated): a screenshot, an evidence file. */
  imgUrls?: string;
  annexUrls?: string;
}

export interface ActionBody {
  receiveBy?: number[];
  defectLogDescribe?: string;
}

export interface DefectComment {
  commentId: number;
  commentContent: string;
  parentId: number | null;
  createMember: { nickName: string; avatar: string | null } | null;
  createTime: string;
}

export interface DefectLog {
  defectLogId: number;
  defectLogType: string;
  defectLogDescribe: string | null;
  receiveByList: { userId: number; nickName: string; avatar: string | null }[] | null;
  createByName: string | null;
  createByAvatar: string | null;
  createTime: string;
  commentList: DefectComment[] | null;
}

/** `totalCapped`: a keyword search stopped counting at `total` (1,000), so there are more. */
/** One change to many defects; the answer has an outcome per defect (refused ones with their reason). */
export const bulkChangeDefects = (body: DefectBulkBody) =>
  http.post<AjaxResult<DefectBulkAnswer>>('/system/defect/bulk', body);
/** A defect back from the recycle bin. */
export const restoreDefect = (defectId: number) => http.put(`/system/defect/${defectId}/restore`);
export const listDefects = (query: QueryObject) =>
  http.get<TableData<Defect> & { totalCapped?: boolean }>('/system/defect/list', query);

/** Reading a defect marks the reader as looking at it; the answer lists everyone looking. */
export const getDefect = async (defectId: number) => {
  await viewsClosed();
  return http.get<AjaxResult<DefectDetail>>(`/system/defect/${defectId}`);
};
/** The view was closed (the server clears all of this user's marks: see lib/view-focus.ts). */
export const closeDefectView = () => sendViewClosed('/system/defect/close-edit-window');
export const createDefect = (body: DefectBody) => http.post<AjaxResult<Defect>>('/system/defect', body);
/** Only what is given changes (the board sends one field, the form all of them). */
export const updateDefect = (body: Partial<DefectBody> & { defectId: number }) =>
  http.put('/system/defect', body);
export const deleteDefect = (defectId: number) => http.delete(`/system/defect/${defectId}`);
export const collectDefect = (defectId: number, isCollected: boolean) =>
  http.put(`/system/defect/${defectId}`, { defectId, collect: isCollected ? 1 : 0 });
export const runDefectAction = (defectId: number, action: DefectAction, body: ActionBody) =>
  http.post(`/system/defect/${defectId}/${action}`, body);
export const listDefectLogs = (defectId: number) =>
  http.get<TableData<DefectLog>>('/system/log/list', { defectId });
export const addComment = (defectLogId: number, commentContent: string, parentId?: number) =>
  http.post('/system/comment', {
    commentContent,
    moduleType: 'defect_log',
    correlationId: defectLogId,
    parentId,
  });
/** Pasted images go up as data URLs; the server stores them like any upload. */
export const uploadScreenshot = (fileBody: string) =>
  http.post<AjaxResult<{ fileUrl: string }>>('/common/upload/screen-shot', { fileBody });
