import type { Db } from '../../db/connect.ts';
import type { Hub } from './hub.ts';

export type FocusModule = 'defect' | 'case' | 'report';
/** A marker lives an hour unless renewed by opening the item again. */
const FOCUS_TTL_MS = 60 * 60 * 1000;
const keyOf = (module: FocusModule, dataId: number, userId: number) => `focus:${module}:${dataId}:${userId}`;

async function projectMembers(db: Db, projectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sysUserProject')
    .select('userId')
    .where('projectId', '=', projectId)
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * "Who is looking": markers in the shared key-value table (so every instance sees them), told to
 * the members of the item's project over the sockets.
 */
export class Focus {
  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
  ) {}

  async open(module: FocusModule, dataId: number, projectId: number, userId: number): Promise<void> {
    const user = await this.db
      .selectFrom('sysUser')
      .select(['userId', 'userName', 'nickName', 'avatar'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const k = keyOf(module, dataId, userId);
    const v = JSON.stringify({ projectId, user });
    const expireAt = Date.now() + FOCUS_TTL_MS;
    await this.db
      .insertInto('sysKv')
      .values({ k, v, expireAt })
      .onConflict((oc) => oc.column('k').doUpdateSet({ v, expireAt }))
      .execute();
    await this.hub.send(await projectMembers(this.db, projectId), 'memberFocus', {
      moduleName: module,
      dataId,
      user,
    });
  }

  /** Everyone looking at the item now. */
  async lookers(module: FocusModule, dataId: number) {
    const rows = await this.db
      .selectFrom('sysKv')
      .select('v')
      .where('k', 'like', `focus:${module}:${dataId}:%`)
      .where('expireAt', '>', Date.now())
      .execute();
    return rows.map(
      (r) => (JSON.parse(r.v) as { user: { userId: number; nickName: string; avatar: string | null } }).user,
    );
  }

  /** The user closed the item (or their last socket): their markers go, and the projects hear of it. */
  async closeAll(userId: number): Promise<void> {
    const rows = await this.db
      .selectFrom('sysKv')
      .select(['k', 'v'])
      .where('k', 'like', `focus:%:${userId}`)
      .execute();
    const mine = rows.filter((r) => r.k.endsWith(`:${userId}`));
    if (mine.length === 0) return;
    await this.db
      .deleteFrom('sysKv')
      .where(
        'k',
        'in',
        mine.map((r) => r.k),
      )
      .execute();
    for (const row of mine) {
      const { projectId } = JSON.parse(row.v) as { projectId: number };
      await this.hub.send(await projectMembers(this.db, projectId), 'memberFocus', {
        moduleName: null,
        dataId: null,
        user: { userId },
      });
    }
  }
}
