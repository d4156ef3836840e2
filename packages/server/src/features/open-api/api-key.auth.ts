import { type ApiArea, type ApiCapability, type ApiFeatures, ResultCode } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';
import { apiKeyHash, apiKeyOf, isAllowedAddress } from './api-key.ts';
import { stopShowingKey } from './api-key-shown.ts';

/** Who calls the Open API: a key, the hidden user that stands for it, and the key's project. */
export interface ApiCaller {
  apiId: string;
  projectId: number;
  teamId: number;
  userId: number;
  userName: string;
  nickName: string;
  isArchived: boolean;
  /** Who handles what it pushes without a handler (checked for membership when used). */
  defaultHandlerId: number | null;
}

/** A last use is written at most this often per key and address, not on every push. */
const LAST_USE_EVERY_MS = 30_000;

const refused = (key: MessageKey, args: string[] = []) => new AppError(key, args, ResultCode.unauthorized);

export function parseJsonList(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function parseFeatures(text: string | null): ApiFeatures | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ApiFeatures) : null;
  } catch {
    return null;
  }
}

/** Writes through a key stop at an archived project, as they do in the app. */
export function assertWritable(api: ApiCaller): void {
  if (api.isArchived) throw new AppError('project.archived');
}

/** No capabilities listed: every one. Otherwise only what is listed. */
export function allows(features: ApiFeatures | null, capability: ApiCapability): boolean {
  if (!features || Object.values(features).every((actions) => !actions?.length)) return true;
  const [area, action] = capability.split(':') as [ApiArea, string];
  return features[area]?.includes(action) === true;
}

/**
 * The key behind a request, checked in full (the original checked none of this): it exists and
 * its user is not deleted, it is enabled, not expired, the address is on its white list, and it
 * holds the capability. A bad, expired or disabled key or a refused address is a 401; a missing
 * capability a 403. Nothing about the request is read before this passes.
 */
export async function resolveApiCaller(
  db: Db,
  req: FastifyRequest,
  capability: ApiCapability,
): Promise<ApiCaller> {
  const key = apiKeyOf(req);
  if (!key) throw refused('api.key.missing');
  const row = await db
    .selectFrom('sysProjectApi as a')
    .innerJoin('sysUser as u', 'u.userId', 'a.userId')
    .innerJoin('sysProject as p', 'p.projectId', 'a.projectId')
    .select([
      'a.apiId',
      'a.projectId',
      'a.userId',
      'a.enabled',
      'a.expireTime',
      'a.whiteList',
      'a.features',
      'a.lastUsedTime',
      'a.lastUsedIp',
      'a.defaultHandlerId',
      'a.refusedInRow',
      'u.userName',
      'u.nickName',
      'p.teamId',
      'p.isArchived',
      'p.projectState',
    ])
    .where('a.keyHash', '=', apiKeyHash(key))
    .where('u.delFlag', '=', '0')
    .executeTakeFirst();
  if (row?.projectState !== 1) throw refused('api.key.invalid');
  // From here on a refusal is this key's: it is listed on the key's page (api-refusals.ts).
  req.apiKeyState = { apiId: row.apiId, refusedInRow: row.refusedInRow };
  if (row.enabled !== 1) throw refused('api.key.disabled');
  const now = formatDateTime();
  if (row.expireTime && row.expireTime < now) throw refused('api.key.expired', [row.expireTime]);
  if (!isAllowedAddress(req.ip, parseJsonList(row.whiteList))) throw refused('api.key.address', [req.ip]);
  if (!allows(parseFeatures(row.features), capability))
    throw new AppError('api.key.capability', [capability], ResultCode.forbidden);

  const last = row.lastUsedTime ? Date.parse(row.lastUsedTime.replace(' ', 'T')) : 0;
  if (row.lastUsedIp !== req.ip || Date.now() - last > LAST_USE_EVERY_MS) {
    await db
      .updateTable('sysProjectApi')
      .set({ lastUsedTime: now, lastUsedIp: req.ip })
      .where('apiId', '=', row.apiId)
      .execute();
    if (!row.lastUsedTime) await stopShowingKey(db, row.apiId);
  }
  return {
    apiId: row.apiId,
    projectId: row.projectId,
    teamId: row.teamId,
    userId: row.userId,
    userName: row.userName,
    nickName: row.nickName,
    isArchived: row.isArchived === 1,
    defaultHandlerId: row.defaultHandlerId,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request named, once it is known to exist (its refusals are recorded). */
    apiKeyState?: { apiId: string; refusedInRow: number };
  }
}
