import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import { kvPut } from '../../db/kv.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
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
 * Writes the user's marker (their name and avatar, read with it) and reads everyone's on the item;
 * `mine` is undefined when the user is gone. A marker is worth nothing after a crash, so on
 * PostgreSQL its commit does not wait for the disk (synchronous_commit off for this statement's
 * transaction only): that wait was most of the time it took to open a defect. There the user's
 * row, the write and the read are one statement, one round trip (the read sees the table as it
 * was, plus the row written). SQLite's commits (WAL, synchronous NORMAL) do not wait, and its
 * statements cost no round trip.
 */
async function putAndRead(
  db: Db,
  userId: number,
  projectId: number,
  k: string,
  prefix: string,
): Promise<{ mine: Looker | undefined; looking: Looker[] }> {
  if (!isPostgres(db)) {
    const user = await db
      .selectFrom('sysUser')
      .select(['userId', 'userName', 'nickName', 'avatar'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!user) return { mine: undefined, looking: await readLookers(db, prefix) };
    await kvPut(db, k, JSON.stringify({ projectId, user }), FOCUS_TTL_MS);
    return { mine: user, looking: await readLookers(db, prefix) };
  }
  const now = Date.now();
  const { rows } = await sql<{ v: string; isMine: boolean }>`
    with put as (
      insert into sys_kv (k, v, expire_at)
      select ${k}, json_build_object('projectId', ${projectId}::integer, 'user', json_build_object(
          'userId', u.user_id, 'userName', u.user_name, 'nickName', u.nick_name, 'avatar', u.avatar))::text,
        ${now + FOCUS_TTL_MS}
      from sys_user u, (select set_config('synchronous_commit', 'off', true)) fleeting
      where u.user_id = ${userId}
      on conflict (k) do update set v = excluded.v, expire_at = excluded.expire_at
      returning v)
    select v, true as is_mine from put
    union all
    select v, false from sys_kv where k like ${`${prefix}%`} and expire_at > ${now} and k <> ${k}`.execute(
    db,
  );
  const mine = rows.find((r) => r.isMine);
  return { mine: mine ? lookerOf(mine.v) : undefined, looking: rows.map((r) => lookerOf(r.v)) };
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
    // The marker (with who it is) and who hears of it, side by side: one wait on PostgreSQL.
    const [{ mine, looking }, members] = await Promise.all([
      putAndRead(this.db, userId, projectId, keyOf(module, dataId, userId), prefixOf(module, dataId)),
      projectMemberIds(this.db, projectId),
    ]);
    if (mine) await this.hub.send(members, 'memberFocus', { moduleName: module, dataId, user: mine });
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

declare module '../../http/deps.ts' {
  interface AppDeps {
    /** Who is looking at a defect, case or report. */
    focus: Focus;
  }
}
