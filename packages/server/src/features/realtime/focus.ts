import type { Db } from '../../db/connect.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import { kvPut } from '../session/session.repository.ts';
import type { Hub } from './hub.ts';

export type FocusModule = 'defect' | 'case' | 'report';
/** A marker lives an hour unless renewed by opening the item again. */
const FOCUS_TTL_MS = 60 * 60 * 1000;
const keyOf = (module: FocusModule, dataId: number, userId: number) => `focus:${module}:${dataId}:${userId}`;

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
    await kvPut(this.db, keyOf(module, dataId, userId), JSON.stringify({ projectId, user }), FOCUS_TTL_MS);
    await this.hub.send(await projectMemberIds(this.db, projectId), 'memberFocus', {
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

  /** The user closed one item's window: that marker goes (others they have open stay), and its project hears of it. */
  async close(module: FocusModule, dataId: number, userId: number): Promise<void> {
    const gone = await this.db
      .deleteFrom('sysKv')
      .where('k', '=', keyOf(module, dataId, userId))
      .returning('v')
      .execute();
    for (const row of gone) {
      const { projectId } = JSON.parse(row.v) as { projectId: number };
      await this.hub.send(await projectMemberIds(this.db, projectId), 'memberFocus', {
        moduleName: null,
        dataId: null,
        user: { userId },
      });
    }
  }

  /** The user closed the item (or their last socket): their markers go, and the projects hear of it. */
  async closeAll(userId: number): Promise<void> {
    // The pattern ends at ":<userId>", so it takes this user's markers and nobody else's.
    const mine = await this.db
      .deleteFrom('sysKv')
      .where('k', 'like', `focus:%:${userId}`)
      .returning('v')
      .execute();
    const projects = new Set(mine.map((row) => (JSON.parse(row.v) as { projectId: number }).projectId));
    for (const projectId of projects) {
      await this.hub.send(await projectMemberIds(this.db, projectId), 'memberFocus', {
        moduleName: null,
        dataId: null,
        user: { userId },
      });
    }
  }
}
