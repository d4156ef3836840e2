import { type AjaxResult, type Defect, DefectLogType, SHARE_AGING_HOURS } from '@buglet/contracts';
import { http, send } from '../../lib/http.ts';

export type AgingHour = (typeof SHARE_AGING_HOURS)[number];
export const AGING_HOURS = SHARE_AGING_HOURS;

/** The caller's share of one defect; the password itself never comes back, only whether one is set. */
export interface DefectShare {
  defectShardId: string;
  defectId: number;
  projectId: number;
  agingHour: AgingHour;
  agingTime: string | null;
  hasPassword: boolean;
  /** Too many wrong passwords: nobody can open it until it is shared again. */
  isLocked?: boolean;
  defaultLang: string | null;
  createTime: string;
}

export interface ShareBody {
  agingHour: AgingHour;
  password: string;
  defaultLang?: 'zh_CN' | 'en_US';
}

export interface SharedLog {
  defectLogId: number;
  /** The type by name (REPAIR), as the original answers it. */
  defectLogType: string;
  defectLogTypeName: string;
  defectLogDescribe: string | null;
  createTime: string;
  createByName: string | null;
}

export interface SharedDefect {
  defect: Defect;
  logs: SharedLog[];
  redirect?: { projectId: number; defectId: number };
}

export const shareKeys = {
  mine: (defectId: number) => ['defects', 'share', defectId] as const,
  view: (shardId: string, password: string) => ['defect-share', shardId, password] as const,
};

export const getMyShare = (defectId: number) =>
  http.get<AjaxResult<DefectShare | null>>(`/system/defect/${defectId}/shard`);
export const saveShare = (defectId: number, body: ShareBody) =>
  http.post<AjaxResult<DefectShare>>(`/system/defect/${defectId}/shard`, body);

/**
 * The public view. Refusals (password needed or wrong, link expired) are part of this page, so the
 * envelope is returned as it is instead of going through the HTTP layer's error toasts.
 */
export async function viewShare(shardId: string, password: string): Promise<AjaxResult<SharedDefect>> {
  const response = await send({
    url: `/system/defect/0/shard/${encodeURIComponent(shardId)}`,
    params: password ? { password } : undefined,
  });
  return (await response.json()) as AjaxResult<SharedDefect>;
}

/** The link a share opens: this app's own address, in hash mode. */
export function shareUrl(shardId: string): string {
  return `${location.origin}${location.pathname}#/shard/defect?id=${shardId}`;
}

/** Original key, so a password typed once is not asked again after a reload. */
export const passwordStorageKey = (shardId: string) => `defect-shard-password-${shardId}`;

const LOG_NAMES = new Map<number, string>(Object.entries(DefectLogType).map(([name, code]) => [code, name]));

/** The log type as the timeline names it (CREATE, OPEN, ...), whether sent by name or by number. */
export const logTypeName = (type: string | number): string =>
  typeof type === 'number' ? (LOG_NAMES.get(type) ?? 'UNKNOWN') : type;

export function randomPassword(): string {
  const digits = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return String(digits % 10_000).padStart(4, '0');
}
