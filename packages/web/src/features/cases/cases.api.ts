import type { AjaxResult, CaseState, CaseStep, TableData, TestCase } from '@buglet/contracts';
import { http, sendQuietly } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

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
}
export type CaseCreateBody = CaseFields & { projectId: number };
export type CaseUpdateBody = Partial<CaseFields> & { caseId: number };

export const caseKeys = {
  all: ['cases'] as const,
  list: (query: QueryObject) => ['cases', 'list', query] as const,
  detail: (caseId: number) => ['cases', 'detail', caseId] as const,
};

export const listCases = (query: QueryObject) => http.get<TableData<TestCase>>('/system/case/list', query);

/** The last "stopped looking" sent; a view waits for it, as it arriving later would wipe the view's mark. */
let closing: Promise<void> = Promise.resolve();

/** Reading a case marks the reader as looking at it; the answer lists everyone looking. */
export const getCase = async (caseId: number) => {
  await closing;
  return http.get<AjaxResult<TestCase>>(`/system/case/${caseId}`);
};
/** The drawer was closed: the server takes this user's marks away (silent on failure). */
export function closeCaseView(): void {
  closing = sendQuietly({ url: '/system/case/close-edit-window', method: 'POST' });
}
export const createCase = (body: CaseCreateBody) => http.post<AjaxResult<TestCase>>('/system/case', body);
/** Several at once, all or nothing. */
export const createCases = (bodies: CaseCreateBody[]) =>
  http.post<AjaxResult<TestCase[]>>('/system/case/batch', bodies);
export const updateCase = (body: CaseUpdateBody) => http.put('/system/case', body);
export const deleteCases = (caseIds: readonly number[]) => http.delete(`/system/case/${caseIds.join(',')}`);
