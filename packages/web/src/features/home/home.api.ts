import type { AjaxResult, HomeDashboard } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import { defectKeys } from '../../lib/query-keys.ts';

/** Under the defects' key: a defect notice (which refetches open defect lists) refreshes it too. */
export const homeKeys = { dashboard: [...defectKeys.all, 'home'] as const };

export const getHomeDashboard = () => http.get<AjaxResult<HomeDashboard>>('/system/home/dashboard');
