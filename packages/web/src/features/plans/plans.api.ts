import type {
  AjaxResult,
  BurndownPoint,
  Defect,
  Plan,
  PlanItem,
  PlanItemResult,
  PlanItemResultEntry,
  PlanItemState,
  PlanModule,
  TableData,
  TestCase,
} from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const planKeys = {
  all: ['plans'] as const,
  list: (query: QueryObject) => ['plans', 'list', query] as const,
  detail: (planId: string) => ['plans', 'detail', planId] as const,
  items: (query: QueryObject) => ['plans', 'items', query] as const,
  modules: (planId: string) => ['plans', 'modules', planId] as const,
  results: (planItemId: string) => ['plans', 'results', planItemId] as const,
  picker: (query: QueryObject) => ['plans', 'picker', query] as const,
};

/** What a plan is written with (contracts planCreateBody; the server checks it again). */
export interface PlanFields {
  planName: string;
  planVersion?: string | null;
  planStartTime?: string | null;
  planEndTime?: string | null;
  remark?: string | null;
  sysPlanItemList: { caseId: number }[];
}

export const listPlans = (query: QueryObject) => http.get<TableData<Plan>>('/system/plan/list', query);
export const getPlan = (planId: string) => http.get<AjaxResult<Plan>>(`/system/plan/${planId}`);
export const createPlan = (body: PlanFields & { projectId: number }) =>
  http.post<AjaxResult<Plan>>('/system/plan', body);
export const updatePlan = (body: Partial<PlanFields> & { planId: string }) =>
  http.put<AjaxResult<Plan>>('/system/plan', body);
export const copyPlan = (planId: string) => http.post<AjaxResult<Plan>>(`/system/plan/${planId}/copy`);
export const deletePlans = (planIds: readonly string[]) => http.delete(`/system/plan/${planIds.join(',')}`);

export const listPlanItems = (query: QueryObject) =>
  http.get<TableData<PlanItem>>('/system/PlanItem/list', query);
export const getPlanItem = (planItemId: string) =>
  http.get<AjaxResult<PlanItem>>(`/system/PlanItem/${planItemId}`);
/** The item before or after one, in the order and among the items the query lists. */
export const neighbourItem = (planItemId: string, direction: 'prev' | 'next', query: QueryObject) =>
  http.get<AjaxResult<PlanItem | undefined>>(`/system/PlanItem/${planItemId}/${direction}`, query);
export const listPlanModules = (query: QueryObject) =>
  http.get<AjaxResult<PlanModule[]>>('/system/PlanItem/module/list', query);
/** The defects linked to the plan's items (§13.1). */
export const listPlanDefects = (planId: string, query: QueryObject) =>
  http.get<TableData<Defect>>(`/system/plan/${planId}/defect/list`, query);
export type BurndownDay = BurndownPoint;
/** The plan's burndown: 31 days of items left and passed (§13.6). */
export const planBurndown = (planId: string) =>
  http.get<AjaxResult<BurndownDay[]>>(`/system/defect/statistic/plan/${planId}/burndown`);
export const listItemResults = (planItemId: string) =>
  http.get<AjaxResult<PlanItemResultEntry[]>>(`/system/PlanItem/${planItemId}/results`);

/** A result for one item or several: a state, Buglet's extra result, what happened and where. */
export interface ItemResult {
  planItemState?: PlanItemState;
  planItemResult?: PlanItemResult | null;
  actualResult?: string | null;
  failedStep?: number | null;
  imgUrls?: string | null;
  annexUrls?: string | null;
}
/** A result for items of a plan (named, so an item gone from it is refused with that reason). */
export const setItemResult = (planId: string, planItemIds: readonly string[], result: ItemResult) =>
  http.put(
    '/system/PlanItem',
    planItemIds.length === 1
      ? { planId, planItemId: planItemIds[0], ...result }
      : { planId, ...result, params: { planItemIds } },
  );

/** A defect raised from an item: at the end of its list (the item failed). */
export const linkDefect = (item: Pick<PlanItem, 'planId' | 'planItemId'>, defectId: number) =>
  http.put('/system/PlanItem', { planId: item.planId, planItemId: item.planItemId, params: { defectId } });

export type PickerCase = TestCase & { planItem: Pick<PlanItem, 'planItemId' | 'planItemState'> | null };
export const listPickerCases = (query: QueryObject) =>
  http.get<TableData<PickerCase>>('/system/PlanItem/case/list', query);
export const caseIdsOfModule = (moduleId: number) =>
  http.get<AjaxResult<number[]>>(`/system/case/module/${moduleId}/ids`);
export const caseIdsOfLevel = (projectId: number, level: number) =>
  http.get<AjaxResult<number[]>>(`/system/case/level/${level}/ids`, { projectId });
