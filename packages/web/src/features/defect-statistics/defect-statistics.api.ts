import type { AjaxResult, DefectType, TableData } from '@buglet/contracts';
import { STATISTIC_MODULE_DEFECT } from '@buglet/contracts';
import { http, request } from '../../lib/http.ts';
import type { StateCount } from './statistic-figures.ts';
import { type PanelEntry, parseLayout, serializeLayout } from './statistic-layout.ts';

export interface TypeCount {
  k: DefectType;
  v: number;
}

/** A deliverable's defects: `id` 0 and the server's "none" name for defects without one. */
export interface ModuleRank {
  id: number;
  k: string;
  a: number;
  f: number;
}

export interface MemberLoad {
  userId: number;
  userName: string;
  nickName: string;
  avatar: string | null;
  processing: number;
  audit: number;
  rejected: number;
  closed: number;
  open: number;
}

interface StatisticTemplate {
  statisticTemplateId: number;
  statisticTemplatConfig: string | null;
}

export const MODULE_PAGE_SIZE = 3;

/**
 * Figures sit under the defects key, so whatever refreshes the list after a change (create, edit,
 * workflow actions) refreshes the panels too.
 */
export const statisticKeys = {
  type: (projectId: number) => ['defects', 'statistic', 'type', projectId] as const,
  state: (projectId: number) => ['defects', 'statistic', 'state', projectId] as const,
  module: (projectId: number, pageNum: number) =>
    ['defects', 'statistic', 'module', projectId, pageNum] as const,
  member: (projectId: number) => ['defects', 'statistic', 'member', projectId] as const,
  layout: (projectId: number) => ['statistic-layout', projectId] as const,
};

export const getTypeCounts = (projectId: number) =>
  http.get<AjaxResult<TypeCount[]>>(`/system/defect/statistic/type/${projectId}`);
export const getStateCounts = (projectId: number) =>
  http.get<AjaxResult<StateCount[]>>(`/system/defect/statistic/state/${projectId}`);
export const getModuleRanking = (projectId: number, pageNum: number) =>
  http.get<TableData<ModuleRank>>(`/system/defect/statistic/module/${projectId}`, {
    pageNum,
    pageSize: MODULE_PAGE_SIZE,
  });
export const getMemberLoads = (projectId: number) =>
  http.get<AjaxResult<MemberLoad[]>>(`/system/defect/statistic/member/${projectId}`);

/** The caller's panels for the project (the default set when none is saved). */
export async function getLayout(projectId: number): Promise<PanelEntry[]> {
  const res = await http.get<TableData<StatisticTemplate>>('/system/statistic/list', {
    projectId,
    moduleType: STATISTIC_MODULE_DEFECT,
  });
  return parseLayout(res.rows[0]?.statisticTemplatConfig);
}

/** Upserts the layout. Quick successive moves may repeat an earlier body, which is no double submit. */
export const saveLayout = (projectId: number, panels: readonly PanelEntry[]) =>
  request({
    url: '/system/statistic',
    method: 'POST',
    repeatSubmit: false,
    data: {
      moduleType: STATISTIC_MODULE_DEFECT,
      projectId,
      statisticTemplatConfig: serializeLayout(panels),
    },
  });

export const saveMyLife = (lifeContent: string) => http.put('/system/user-config', { lifeContent });
