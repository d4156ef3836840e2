import {
  defaultImSettings,
  dingParams,
  type ImUserSettings,
  imUserSettings,
  wechatParams,
} from '@buglet/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { chatPlatformPlace } from '../../db/sealed-places.ts';
import type { SecretBox } from '../../lib/secrets.ts';

/** A user's settings in a project: saved ones, else defaults built from that user's own profile. */
export async function settingsOf(
  db: Db,
  projectId: number,
  userIds: number[],
): Promise<Map<number, { imConfigId: number | null; settings: ImUserSettings }>> {
  const out = new Map<number, { imConfigId: number | null; settings: ImUserSettings }>();
  if (userIds.length === 0) return out;
  const [saved, users] = await Promise.all([
    db
      .selectFrom('imUserConfig')
      .select(['imConfigId', 'memberId', 'config'])
      .where('projectId', '=', projectId)
      .where('memberId', 'in', userIds)
      .execute(),
    db.selectFrom('sysUser').select(['userId', 'email']).where('userId', 'in', userIds).execute(),
  ]);
  const email = new Map(users.map((u) => [u.userId, u.email]));
  for (const id of userIds)
    out.set(id, { imConfigId: null, settings: defaultImSettings({ email: email.get(id) }) });
  for (const row of saved) {
    const parsed = imUserSettings.safeParse(safeJson(row.config));
    // A row that no longer parses (an older shape) falls back to the user's own defaults.
    if (parsed.success) out.set(row.memberId, { imConfigId: row.imConfigId, settings: parsed.data });
  }
  return out;
}

export type DingParams = z.infer<typeof dingParams>;
export type WechatParams = z.infer<typeof wechatParams>;

/** A project's chat platform settings (stored sealed: they hold tokens and secrets). */
export async function projectPlatform(
  db: Db,
  secrets: SecretBox,
  projectId: number,
  code: 'ding',
): Promise<DingParams | undefined>;
export async function projectPlatform(
  db: Db,
  secrets: SecretBox,
  projectId: number,
  code: 'wechat',
): Promise<WechatParams | undefined>;
export async function projectPlatform(
  db: Db,
  secrets: SecretBox,
  projectId: number,
  code: 'ding' | 'wechat',
) {
  const row = await db
    .selectFrom('imProjectConfig')
    .select('configParams')
    .where('projectId', '=', projectId)
    .where('systemCode', '=', code)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = (code === 'ding' ? dingParams : wechatParams).safeParse(
    safeJson(secrets.open(row.configParams, chatPlatformPlace(projectId, code))),
  );
  return parsed.success ? parsed.data : undefined;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
