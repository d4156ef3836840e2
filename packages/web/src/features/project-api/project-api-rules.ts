import {
  API_CAPABILITIES,
  API_ID_LENGTH,
  API_KEY_HEADER,
  API_WHITE_LIST_MAX,
  type ApiArea,
  type ApiFeatures,
  isAddressRule,
  projectApiCreateBody,
} from '@buglet/contracts';
import dayjs from 'dayjs';
import { API_BASE } from '../../lib/http.ts';

/** The areas in the contract's order, which is the order the dialog and the list show them in. */
export const API_AREAS = Object.keys(API_CAPABILITIES) as ApiArea[];

/** The ticked actions of each area, as the dialog's checkbox groups hold them. */
export type CapabilityChecks = Record<ApiArea, string[]>;

export const actionsOf = (area: ApiArea): readonly string[] => API_CAPABILITIES[area];

/** Translation keys of an area's and an action's label (one per action name, whatever its area). */
export const areaLabelKey = (area: ApiArea) => `api.area.${area}`;
export const actionLabelKey = (action: string) => `api.action.${action}`;

export const emptyChecks = (): CapabilityChecks =>
  Object.fromEntries(API_AREAS.map((area) => [area, []])) as unknown as CapabilityChecks;

export const hasAnyCheck = (checks: Partial<CapabilityChecks>): boolean =>
  API_AREAS.some((area) => (checks[area]?.length ?? 0) > 0);

/**
 * A key's features as the dialog shows them. Null, or nothing listed, is every capability (as the
 * server reads it); anything the contract does not know is left out.
 */
export function checksFromFeatures(features: Record<string, string[]> | null | undefined): {
  isAll: boolean;
  checks: CapabilityChecks;
} {
  const checks = emptyChecks();
  for (const area of API_AREAS) {
    const listed = features?.[area] ?? [];
    checks[area] = actionsOf(area).filter((action) => listed.includes(action));
  }
  return { isAll: !hasAnyCheck(checks), checks };
}

/**
 * What the dialog sends: null for every capability, else the ticked areas only, in the contract's
 * order. The dialog refuses "not all, but none ticked", which the server would read as all.
 */
export function featuresFromChecks(isAll: boolean, checks: Partial<CapabilityChecks>): ApiFeatures | null {
  if (isAll) return null;
  const features: ApiFeatures = {};
  for (const area of API_AREAS) {
    const ticked = actionsOf(area).filter((action) => checks[area]?.includes(action));
    if (ticked.length > 0) features[area] = ticked;
  }
  return features;
}

/** The list's capability cell: 'all', or each area the key may use with its actions. */
export function capabilitySummary(
  features: Record<string, string[]> | null,
): 'all' | { area: ApiArea; actions: string[] }[] {
  const { isAll, checks } = checksFromFeatures(features);
  if (isAll) return 'all';
  return API_AREAS.filter((area) => checks[area].length > 0).map((area) => ({ area, actions: checks[area] }));
}

/** The original's key is 30 characters (yyyyMMddHHmmss and 16 more): its public id, then dots for the rest. */
const KEY_LENGTH = 30;
export const maskedKey = (apiId: string): string =>
  apiId.length >= KEY_LENGTH ? apiId : `${apiId}${'•'.repeat(KEY_LENGTH - API_ID_LENGTH)}`;

/** The contract's own message key for a name it refuses (required, too long), or undefined. */
export function apiNameProblem(name: string | undefined): string | undefined {
  const parsed = projectApiCreateBody.shape.apiName.safeParse(name ?? '');
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'api.name.required');
}

export type WhiteListProblem =
  | { key: 'api.white-list.bad-entry'; entry: string }
  | { key: 'api.white-list.too-many'; max: number };

/** Why the contract would refuse the white list: the first entry that is no address or range, or too many. */
export function whiteListProblem(entries: readonly string[]): WhiteListProblem | undefined {
  const bad = entries.find((entry) => !isAddressRule(entry.trim()));
  if (bad !== undefined) return { key: 'api.white-list.bad-entry', entry: bad };
  if (entries.length > API_WHITE_LIST_MAX) return { key: 'api.white-list.too-many', max: API_WHITE_LIST_MAX };
  return undefined;
}

/** Past its expiry, compared as the server compares: 'yyyy-MM-dd HH:mm:ss' strings in local time. */
export function isExpired(expireTime: string | null, now: Date = new Date()): boolean {
  return expireTime !== null && expireTime < dayjs(now).format('YYYY-MM-DD HH:mm:ss');
}

/** The report push path (the original's one Open API endpoint), under the web's API base. */
export const REPORT_PUSH_PATH = '/api/report/defect';

const SAMPLE_REPORT = {
  reportTitle: 'Nightly run',
  reportData: [{ defectName: 'Login fails', defectDescribe: 'Steps…' }],
};

/** A curl command that pushes a one-defect report with the key, for the page's origin. */
export function curlExample(origin: string, apiKey: string): string {
  return [
    `curl -X POST ${origin}${API_BASE}${REPORT_PUSH_PATH}`,
    `  -H '${API_KEY_HEADER}: ${apiKey}'`,
    `  -H 'Content-Type: application/json'`,
    `  -d '${JSON.stringify(SAMPLE_REPORT)}'`,
  ].join(' \\\n');
}
