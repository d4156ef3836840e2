import type {
  AjaxResult,
  DefectColumnLayout,
  DefectFieldItem,
  DefectFieldType,
  FieldTypeConfig,
} from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const defectFieldKeys = {
  all: ['defect-fields'] as const,
  manage: (projectId: number) => ['defect-fields', 'manage', projectId] as const,
  layout: (projectId: number) => ['defect-fields', 'layout', projectId] as const,
};

export interface DefectFieldBody {
  fieldKey?: string;
  fieldLabel?: string;
  fieldType?: DefectFieldType;
  typeConfig?: FieldTypeConfig | null;
  defaultValue?: unknown;
  maxLength?: number | null;
  required?: 0 | 1;
  enabled?: 0 | 1;
  sortOrder?: number;
}

const base = (projectId: number) => `/system/project/${projectId}/defect-fields`;
export const listDefectFields = (projectId: number) =>
  http.get<AjaxResult<DefectFieldItem[]>>(base(projectId));
export const getColumnLayout = (projectId: number) =>
  http.get<AjaxResult<DefectColumnLayout>>(`${base(projectId)}/column-layout`);
export const createDefectField = (projectId: number, body: DefectFieldBody) =>
  http.post<AjaxResult<DefectFieldItem>>(base(projectId), body);
export const updateDefectField = (projectId: number, fieldId: number, body: DefectFieldBody) =>
  http.put<AjaxResult<DefectFieldItem>>(`${base(projectId)}/${fieldId}`, body);
/** Switches a custom field off (1.0's delete): the defects keep their values. */
export const disableDefectField = (projectId: number, fieldId: number) =>
  http.delete(`${base(projectId)}/${fieldId}`);
export const saveBuiltinLayout = (
  projectId: number,
  items: Array<{ fieldKey: string; enabled?: 0 | 1; sortOrder?: number }>,
) => http.put<AjaxResult<DefectFieldItem[]>>(`${base(projectId)}/builtin-layout`, items);

const NO_LAYOUT: DefectColumnLayout = {
  enabledBuiltinFieldKeys: [],
  customFields: [],
  orderedEnabledFieldKeys: [],
};

/**
 * The project's enabled attributes in their order (the defect form, view, list and grid read it):
 * while it loads, every built-in one and no custom one.
 */
export function useColumnLayout(projectId: number | undefined) {
  const query = useQuery({
    queryKey: defectFieldKeys.layout(projectId ?? 0),
    // A layout always names the title and the handler; an answer without them is no layout.
    queryFn: async () => {
      const layout = (await getColumnLayout(projectId as number)).data;
      return layout?.enabledBuiltinFieldKeys?.length ? layout : null;
    },
    enabled: projectId !== undefined && projectId > 0,
    staleTime: 60_000,
  });
  const layout = query.data ?? undefined;
  return {
    layout: layout ?? NO_LAYOUT,
    isLoaded: layout !== undefined,
    customFields: layout?.customFields ?? [],
    /** Whether a built-in attribute is shown (all are until the layout is known). */
    isShown: (fieldKey: string) => !layout || layout.enabledBuiltinFieldKeys.includes(fieldKey),
    /** A field's place among the enabled ones (built-in and custom), for ordering a form. */
    orderOf: (fieldKey: string) => {
      const at = layout?.orderedEnabledFieldKeys.indexOf(fieldKey) ?? -1;
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    },
  };
}
