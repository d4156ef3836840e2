import type { AjaxResult, CaseLogEntry, CaseState, CaseStep, TableData, TestCase } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { sendViewClosed, viewsClosed } from '../../lib/view-focus.ts';

/** The fields a case is written with (contracts caseCreateBody, checked again by the server). */
export interface CaseFields {
  caseName: string;
  moduleId: number;
  caseLevel: number;
  casePreconditions?: string | null;
  caseExpect: string;
  caseStep: CaseStep[];
  caseState?: CaseState;
  remark?: string | null;
  imgUrls?: string | null;
  annexUrls?: string | null;
  caseData?: string | null;
  caseKey?: string | null;
}
export type CaseCreateBody = CaseFields & { projectId: number };
export type CaseUpdateBody = Partial<CaseFields> & { caseId: number };

export const caseKeys = {
  all: ['cases'] as const,
  list: (query: QueryObject) => ['cases', 'list', query] as const,
  details: ['cases', 'detail'] as const,
  detail: (caseId: number) => ['cases', 'detail', caseId] as const,
};

export const listCases = (query: QueryObject) => http.get<TableData<TestCase>>('/system/case/list', query);

/** Reading a case marks the reader as looking at it; the answer lists everyone looking. */
export const getCase = async (caseId: number) => {
  await viewsClosed();
  return http.get<AjaxResult<TestCase>>(`/system/case/${caseId}`);
};
/** The drawer was closed (the server clears all of this user's marks: see lib/view-focus.ts). */
/** The case before or after one among those the list's query shows, in number order. */
export const neighbourCase = (caseId: number, direction: 'prev' | 'next', query: QueryObject) =>
  http.get<AjaxResult<TestCase | undefined>>(`/system/case/${caseId}/${direction}`, query);
/** Who changed what in a case, newest first. */
export const caseHistory = (caseId: number) =>
  http.get<AjaxResult<CaseLogEntry[]>>(`/system/case/${caseId}/history`);
export const closeCaseView = () => sendViewClosed('/system/case/close-edit-window');
export const createCase = (body: CaseCreateBody) => http.post<AjaxResult<TestCase>>('/system/case', body);
/** Several at once, all or nothing. */
export const createCases = (bodies: CaseCreateBody[]) =>
  http.post<AjaxResult<TestCase[]>>('/system/case/batch', bodies);
export const updateCase = (body: CaseUpdateBody) => http.put('/system/case', body);
export const deleteCases = (caseIds: readonly number[]) => http.delete(`/system/case/${caseIds.join(',')}`);
