import type { AjaxResult } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { TabConfig } from './defect-tab-config.ts';

/** One saved tab of the defect list (the caller's own, in one project). */
export interface DefectTab {
  tabId: number;
  tabName: string;
  projectId: number;
  userId: number;
  config: TabConfig;
  tabSort: number;
  createTime: string;
}

export interface DefectConfig {
  types: { key: number; value: string }[];
  states: { key: number; value: string }[];
  tabs: DefectTab[];
}

export interface TabBody {
  tabName: string;
  projectId: number;
  config: TabConfig;
  tabSort: number;
}

export const defectTabKeys = {
  config: (projectId: number) => ['defect-tabs', projectId] as const,
};

export const getDefectConfig = (projectId: number) =>
  http.get<AjaxResult<DefectConfig>>('/system/defect/config', { projectId });
export const createDefectTab = (body: TabBody) => http.post<AjaxResult<DefectTab>>('/system/tabs', body);
export const updateDefectTab = (body: TabBody & { tabId: number }) => http.put('/system/tabs', body);
export const deleteDefectTab = (tabId: number) => http.delete(`/system/tabs/${tabId}`);
