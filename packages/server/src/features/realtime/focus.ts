import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import { kvPut } from '../session/session.repository.ts';
import type { Hub } from './hub.ts';

export type FocusModule = 'defect' | 'case' | 'report';
/** A marker lives an hour unless renewed by opening the item again. */
const FOCUS_TTL_MS = 60 * 60 * 1000;
const prefixOf = (module: FocusModule, dataId: number) => `focus:${module}:${dataId}:`;
const keyOf = (module: FocusModule, dataId: number, userId: number) => `${prefixOf(module, dataId)}${userId}`;

/** Someone looking at an item, as the markers keep them. */
type Looker = { userId: number; nickName: string; avatar: string | null };
const lookerOf = (v: string) => (JSON.parse(v) as { user: Looker }).user;

/**
 * Writes a marker and reads everyone's on the item. A marker is worth nothing after a crash, so
 * on PostgreSQL its commit does not wait for the disk (synchronous_commit off for this
 * statement's transaction only): that wait was most of the time it took to open a defect. There
 * the write and the read are one statement (the read sees the table as it was, plus the row
 * written). SQLite's commits (WAL, synchronous NORMAL) do not wait, and its statements cost no
 * round trip.
 */
async function putAndRead(db: Db, k: string, v: string, prefix: string): Promise<Looker[]> {
  if (!isPostgres(db)) {
    await kvPut(db, k, v, FOCUS_TTL_MS);
    return readLookers(db, prefix);
  }
  const now = Date.now();
  const { rows } = await sql<{ v: string }>`
    with put as (
      insert into sys_kv (k, v, expire_at)
      select ${k}, ${v}, ${now + FOCUS_TTL_MS} from (select set_config('synchronous_commit', 'off', true)) fleeting
      on conflict (k) do update set v = excluded.v, expire_at = excluded.expire_at
      returning v)
    select v from put
    union all
    select v from sys_kv where k like ${`${prefix}%`} and expire_at > ${now} and k <> ${k}`.execute(db);
  return rows.map((r) => lookerOf(r.v));
}

async function readLookers(db: Db, prefix: string): Promise<Looker[]> {
  const rows = await db
    .selectFrom('sysKv')
    .select('v')
    .where('k', 'like', `${prefix}%`)
    .where('expireAt', '>', Date.now())
    .execute();
  return rows.map((r) => lookerOf(r.v));
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

  /** Marks the user as looking at the item, tells its project, and answers everyone looking now. */
  async open(module: FocusModule, dataId: number, projectId: number, userId: number): Promise<Looker[]> {
    // Who it is and who hears of it are independent reads: side by side (one wait on PostgreSQL).
    const [user, members] = await Promise.all([
      this.db
        .selectFrom('sysUser')
        .select(['userId', 'userName', 'nickName', 'avatar'])
        .where('userId', '=', userId)
        .executeTakeFirst(),
      projectMemberIds(this.db, projectId),
    ]);
    if (!user) return this.lookers(module, dataId);
    const looking = await putAndRead(
      this.db,
      keyOf(module, dataId, userId),
      JSON.stringify({ projectId, user }),
      prefixOf(module, dataId),
    );
    await this.hub.send(members, 'memberFocus', {
      moduleName: module,
      dataId,
      user,
    });
    return looking;
  }

  /** Everyone looking at the item now. */
  async lookers(module: FocusModule, dataId: number): Promise<Looker[]> {
    return readLookers(this.db, prefixOf(module, dataId));
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
