import { type AjaxResult, type ModuleNode, ResultCode } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { handleEnvelope, http, send } from '../../lib/http.ts';
import { buildModuleTree } from './module-tree.ts';

export interface ModuleCreateBody {
  projectId: number;
  modulePid: number;
  moduleName?: string;
  batchModuleNames?: string[];
  remark?: string | null;
}

export interface ModuleUpdateBody {
  moduleId: number;
  modulePid: number;
  moduleName: string;
  remark?: string | null;
}

/** What a delete without confirmation came back with: done, or the impact to confirm first. */
export type ModuleDeleteOutcome =
  | { isDone: true }
  | { isDone: false; message: string; impact: { modules: number; descendants: number; defects: number } };

export const moduleKeys = {
  all: ['modules'] as const,
  list: (projectId: number, moduleName?: string) => ['modules', 'list', projectId, moduleName ?? ''] as const,
  detail: (moduleId: number) => ['modules', 'detail', moduleId] as const,
};

export const listModules = (projectId: number, moduleName?: string) =>
  http.get<AjaxResult<ModuleNode[]>>('/system/module/list', {
    projectId,
    moduleName: moduleName || undefined,
  });
export const getModule = (moduleId: number) => http.get<AjaxResult<ModuleNode>>(`/system/module/${moduleId}`);
export const addModules = (body: ModuleCreateBody) =>
  http.post<AjaxResult<ModuleNode[]>>('/system/module', body);
export const updateModule = (body: ModuleUpdateBody) => http.put('/system/module', body);

/**
 * Deletes deliverables. Unconfirmed, the server refuses a node with sub-deliverables or linked
 * defects and says what would happen; that refusal is returned (not shown as an error) so the
 * caller can ask and repeat with `isConfirmed`. Any other failure is reported as usual.
 */
export async function deleteModules(
  ids: readonly number[],
  isConfirmed: boolean,
): Promise<ModuleDeleteOutcome> {
  const response = await send({
    url: `/system/module/${ids.join(',')}`,
    method: 'DELETE',
    params: { confirm: String(isConfirmed) },
  });
  const body = (await response.json()) as AjaxResult;
  if (body.code === ResultCode.error && body.needsConfirm === true) {
    const impact = body.impact as { modules: number; descendants: number; defects: number };
    return { isDone: false, message: body.msg, impact };
  }
  handleEnvelope(body);
  return { isDone: true };
}

/** The project's whole tree, shared by the deliverables page, the selectors and the filters. */
export function useModuleTree(projectId: number) {
  const query = useQuery({
    queryKey: moduleKeys.list(projectId),
    queryFn: () => listModules(projectId),
    enabled: projectId > 0,
  });
  const rows = query.data?.data;
  const tree = useMemo(() => buildModuleTree(rows ?? []), [rows]);
  return { query, rows: rows ?? [], tree };
}
