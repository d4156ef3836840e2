import type { CreatorSummary } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { API_KEY_USER_TYPE } from '../open-api/api-key.ts';

/** A user row as the one name rule shows it: a person, or an API key's hidden account (the key). */
export const creatorOf = (r: {
  userId: number;
  userName: string;
  nickName: string;
  avatar: string | null;
  userType: string | null;
}): CreatorSummary => ({
  userId: r.userId,
  userName: r.userName,
  nickName: r.nickName,
  avatar: r.avatar,
  isApiKey: r.userType === API_KEY_USER_TYPE,
});

/** Who made some rows (defects, cases), by user id: one indexed lookup. */
export async function creatorsOf(
  db: Db,
  userIds: ReadonlyArray<number | null>,
): Promise<Map<number, CreatorSummary>> {
  const unique = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUser')
    .select(['userId', 'userName', 'nickName', 'avatar', 'userType'])
    .where('userId', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.userId, creatorOf(r)]));
}
