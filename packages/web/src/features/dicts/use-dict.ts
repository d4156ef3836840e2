import type { AjaxResult, DictData } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http.ts';
import { seededText } from '../../lib/i18n.ts';

export type DictTypeName =
  | 'sys_normal_disable'
  | 'sys_user_sex'
  | 'sys_yes_no'
  | 'sys_common_status'
  | 'sys_oper_type'
  | 'sys_show_hide'
  | 'sys_job_status'
  | 'sys_job_group';

export const dictKeys = { type: (type: string) => ['dict-data-by-type', type] as const };

/** The label of a dictionary value: a seeded label in the current language, any other as stored. */
export function dictLabel(type: string, data: Pick<DictData, 'dictValue' | 'dictLabel'>): string {
  return seededText(`dict.${type}.${data.dictValue}`, data.dictLabel);
}

/** Dictionary values of one type, fetched once per session and shared through the query cache. */
export function useDict(type: DictTypeName | string) {
  const { i18n: instance } = useTranslation();
  const query = useQuery({
    queryKey: dictKeys.type(type),
    queryFn: () => http.get<AjaxResult<DictData[]>>(`/system/dict/data/type/${type}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const data = query.data?.data ?? [];
  void instance.language;
  const options = data.map((d) => ({
    value: d.dictValue,
    label: dictLabel(type, d),
    listClass: d.listClass,
  }));
  return {
    data,
    options,
    find: (value: string | null | undefined) => data.find((d) => d.dictValue === value),
  };
}
