import {
  type CreatorSummary,
  DEFECT_STATE_NAMES,
  DEFECT_TYPES,
  type Defect,
  DefectLogType,
  type DefectSeen,
} from '@buglet/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { DefectTable } from '../../db/schema.ts';
import { parseCustomFields } from '../defect-fields/custom-values.ts';
import { creatorOf, creatorsOf } from '../users/creators.ts';
import type { DefectSource } from './defect-filter.ts';

export type DefectRow = Selectable<DefectTable>;
export type UserBrief = { userId: number; userName: string; nickName: string; avatar: string | null };

/** The next number of a kind (defect, case…) in a project: one atomic upsert, race-free. */
export async function allocateNumber(db: Db, projectId: number, kind: string): Promise<number> {
  return allocateNumbers(db, projectId, kind, 1);
}

/** Reserves `count` consecutive numbers at once (imports); answers the first. */
export async function allocateNumbers(
  db: Db,
  projectId: number,
  kind: string,
  count: number,
): Promise<number> {
  const { rows } = await sql<{ counter: number }>`
    insert into sys_project_counter (project_id, kind, counter) values (${projectId}, ${kind}, ${count})
    on conflict (project_id, kind) do update set counter = sys_project_counter.counter + ${count}
    returning counter`.execute(db);
  const counter = rows[0]?.counter;
  if (counter === undefined) throw new Error('counter allocation returned nothing');
  return Number(counter) - count + 1;
}

export async function findDefectRow(db: Db, defectId: number) {
  return db
    .selectFrom('sysDefect')
    .selectAll()
    .where('defectId', '=', defectId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

export async function handlersOf(db: Db, defectIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (defectIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysDefectHandler')
    .select(['defectId', 'userId'])
    .where('defectId', 'in', defectIds)
    .orderBy('defectId')
    .orderBy('position')
    .execute();
  for (const r of rows) out.set(r.defectId, [...(out.get(r.defectId) ?? []), r.userId]);
  return out;
}

export async function replaceHandlers(db: Db, defectId: number, userIds: number[]) {
  await db.deleteFrom('sysDefectHandler').where('defectId', '=', defectId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('sysDefectHandler')
    .values(unique.map((userId, position) => ({ defectId, userId, position })))
    .execute();
}

export async function usersByIds(db: Db, ids: number[]): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUser')
    .select(['userId', 'userName', 'nickName', 'avatar'])
    .where('userId', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function collectedBy(db: Db, userId: number, defectIds: number[]): Promise<Set<number>> {
  if (defectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserDefect')
    .select('defectId')
    .where('userId', '=', userId)
    .where('collect', '=', 1)
    .where('defectId', 'in', defectIds)
    .execute();
  return new Set(rows.map((r) => r.defectId));
}

/** Which of these people are members of the project (with a live account): an indexed lookup each. */
export async function membersAmong(db: Db, projectId: number, userIds: number[]): Promise<Set<number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select('up.userId')
    .where('up.projectId', '=', projectId)
    .where('up.userId', 'in', unique)
    .where('u.delFlag', '=', '0')
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** The handlers of a defect that has none yet (a new one), in the order given. */
export async function insertHandlers(db: Db, defectId: number, userIds: number[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('sysDefectHandler')
    .values(unique.map((userId, position) => ({ defectId, userId, position })))
    .execute();
}

/** The project's members (who may handle or review its defects). */
export async function projectPeople(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select('up.userId')
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0')
    .execute();
  return { members: new Set(rows.map((r) => r.userId)) };
}

interface People {
  /** Each defect's handlers in order. */
  handlers: Map<number, number[]>;
  /** The handlers' names (a handler whose account is gone has none). */
  users: Map<number, UserBrief>;
  /** The reporters by user id (an API key's hidden account is the key). */
  creators: Map<number, CreatorSummary>;
}

/** Each defect's handlers in order, with their names (a handler whose account is gone has no brief). */
async function handlersWithUsers(db: Db, defectIds: number[]): Promise<Omit<People, 'creators'>> {
  const handlers = new Map<number, number[]>();
  const users = new Map<number, UserBrief>();
  if (defectIds.length === 0) return { handlers, users };
  const rows = await db
    .selectFrom('sysDefectHandler as h')
    .leftJoin('sysUser as u', 'u.userId', 'h.userId')
    .select(['h.defectId', 'h.userId', 'u.userName', 'u.nickName', 'u.avatar'])
    .where('h.defectId', 'in', defectIds)
    .orderBy('h.defectId')
    .orderBy('h.position')
    .execute();
  for (const r of rows) {
    handlers.set(r.defectId, [...(handlers.get(r.defectId) ?? []), r.userId]);
    if (r.userName !== null && r.nickName !== null)
      users.set(r.userId, { userId: r.userId, userName: r.userName, nickName: r.nickName, avatar: r.avatar });
  }
  return { handlers, users };
}

async function moduleNames(db: Db, moduleIds: number[]): Promise<Map<number, string>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysModule')
    .select(['moduleId', 'moduleName'])
    .where('moduleId', 'in', moduleIds)
    .execute();
  return new Map(rows.map((m) => [m.moduleId, m.moduleName]));
}

/**
 * Rows to wire shape, with handlers and their names, deliverable names and the caller's star:
 * three independent queries, run side by side (one round trip's wait on PostgreSQL).
 */
/**
 * What the original's defect drawer reads beside the row (original-backend §6.6): the project's
 * name, when the current round of handling began (the latest CREATE or OPEN entry), when it was
 * passed (the latest PASS after that; none yet: null, which the original's drawer reads as now, so
 * its age is a live one, and the answer stays the same from one second to the next) and how often
 * it was sent back since. Entries are ordered by id, so two in the same second keep their order.
 */
interface DefectExtras {
  projectName: string | null;
  handleStartTime: string | null;
  handlePassTime: string | null;
  rejectCount: number;
}

const ROUND_START_TYPES = sql.raw([DefectLogType.CREATE, DefectLogType.OPEN].join(','));
const roundStartId = sql`(select max(s.defect_log_id) from sys_defect_log s
  where s.defect_id = d.defect_id and s.defect_log_type in (${ROUND_START_TYPES}))`;
const extrasSelection = [
  sql<string | null>`(select l.create_time from sys_defect_log l
    where l.defect_id = d.defect_id and l.defect_log_type in (${ROUND_START_TYPES})
    order by l.defect_log_id desc limit 1)`.as('handleStartTime'),
  sql<string | null>`(select l.create_time from sys_defect_log l
    where l.defect_id = d.defect_id and l.defect_log_type = ${sql.lit(DefectLogType.PASS)}
      and l.defect_log_id > coalesce(${roundStartId}, 0)
    order by l.defect_log_id desc limit 1)`.as('handlePassTime'),
  sql<number | string>`(select count(*) from sys_defect_log l
    where l.defect_id = d.defect_id and l.defect_log_type = ${sql.lit(DefectLogType.REJECTED)}
      and l.defect_log_id > coalesce(${roundStartId}, 0))`.as('rejectCount'),
] as const;

const extrasOf = (r: {
  projectName: string | null;
  handleStartTime: string | null;
  handlePassTime: string | null;
  rejectCount: number | string;
}): DefectExtras => ({
  projectName: r.projectName,
  handleStartTime: r.handleStartTime,
  handlePassTime: r.handlePassTime,
  rejectCount: Number(r.rejectCount),
});

async function extrasFor(db: Db, ids: number[]): Promise<Map<number, DefectExtras>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysDefect as d')
    .leftJoin('sysProject as p', 'p.projectId', 'd.projectId')
    .select(['d.defectId', 'p.projectName'])
    .select(extrasSelection)
    .where('d.defectId', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.defectId, extrasOf(r)]));
}

export async function toDefects(db: Db, rows: DefectRow[], viewerId: number): Promise<Defect[]> {
  const ids = rows.map((r) => r.defectId);
  const moduleIds = [...new Set(rows.flatMap((r) => (r.moduleId ? [r.moduleId] : [])))];
  const [handled, creators, stars, modules, seen, extras] = await Promise.all([
    handlersWithUsers(db, ids),
    creatorsOf(
      db,
      rows.map((r) => r.createById),
    ),
    collectedBy(db, viewerId, ids),
    moduleNames(db, moduleIds),
    seenOf(db, ids),
    extrasFor(db, ids),
  ]);
  const people = { ...handled, creators };
  return rows.map((r) => shape(r, people, stars, modules, seen, extras));
}

/**
 * Defects `d` (the table, or a page of it under that name) with all their wire shape needs, in
 * one statement: the deliverable's name, a row per handler in order with their names, and
 * whether the reader follows each (foldShown makes them defects again).
 */
export function shownQuery(from: DefectSource, viewerId: number) {
  return from
    .leftJoin('sysModule as m', 'm.moduleId', 'd.moduleId')
    .leftJoin('sysDefectHandler as h', 'h.defectId', 'd.defectId')
    .leftJoin('sysUser as u', 'u.userId', 'h.userId')
    .leftJoin('sysDefectPush as pu', 'pu.defectId', 'd.defectId')
    .leftJoin('sysUser as cu', 'cu.userId', 'd.createById')
    .leftJoin('sysProject as p', 'p.projectId', 'd.projectId')
    .selectAll('d')
    .select('p.projectName')
    .select(extrasSelection)
    .select(['m.moduleName', 'h.userId as handlerId', 'u.userName', 'u.nickName', 'u.avatar'])
    .select([
      'cu.userName as creatorUserName',
      'cu.nickName as creatorNickName',
      'cu.avatar as creatorAvatar',
      'cu.userType as creatorType',
    ])
    .select([
      'pu.occurrences as seenOccurrences',
      'pu.firstSeen as seenFirst',
      'pu.lastSeen as seenLast',
      'pu.lastVersion as seenVersion',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('sysUserDefect as s')
            .select('s.defectId')
            .whereRef('s.defectId', '=', 'd.defectId')
            .where('s.userId', '=', viewerId)
            .where('s.collect', '=', 1),
        )
        .as('isCollected'),
    );
}

type ShownRow = Awaited<ReturnType<ReturnType<typeof shownQuery>['execute']>>[number];

/** shownQuery's rows (a defect's handlers next to each other, in order) as defects, in order. */
export function foldShown(rows: ShownRow[]): Array<{ row: DefectRow; shown: Defect }> {
  const people: People = { handlers: new Map(), users: new Map(), creators: new Map() };
  const stars = new Set<number>();
  const modules = new Map<number, string>();
  const seen = new Map<number, DefectSeen>();
  const extras = new Map<number, DefectExtras>();
  const defects = new Map<number, DefectRow>();
  for (const {
    projectName,
    handleStartTime,
    handlePassTime,
    rejectCount,
    moduleName,
    handlerId,
    userName,
    nickName,
    avatar,
    isCollected,
    seenOccurrences,
    seenFirst,
    seenLast,
    seenVersion,
    creatorUserName,
    creatorNickName,
    creatorAvatar,
    creatorType,
    ...row
  } of rows) {
    if (!defects.has(row.defectId)) {
      defects.set(row.defectId, row);
      extras.set(row.defectId, extrasOf({ projectName, handleStartTime, handlePassTime, rejectCount }));
      if (creatorUserName !== null && creatorNickName !== null)
        people.creators.set(
          row.createById,
          creatorOf({
            userId: row.createById,
            userName: creatorUserName,
            nickName: creatorNickName,
            avatar: creatorAvatar,
            userType: creatorType,
          }),
        );
      people.handlers.set(row.defectId, []);
      if (isCollected) stars.add(row.defectId);
      if (row.moduleId && moduleName !== null) modules.set(row.moduleId, moduleName);
      if (seenOccurrences !== null && seenFirst !== null && seenLast !== null)
        seen.set(row.defectId, {
          occurrences: seenOccurrences,
          firstSeenTime: seenFirst,
          lastSeenTime: seenLast,
          lastVersion: seenVersion,
        });
    }
    if (handlerId === null) continue;
    people.handlers.get(row.defectId)?.push(handlerId);
    if (userName !== null && nickName !== null)
      people.users.set(handlerId, { userId: handlerId, userName, nickName, avatar });
  }
  return [...defects.values()].map((row) => ({
    row,
    shown: shape(row, people, stars, modules, seen, extras),
  }));
}

/** One live defect, read and shaped in one statement (one round trip on PostgreSQL). */
export async function findShownDefect(
  db: Db,
  defectId: number,
  viewerId: number,
): Promise<{ row: DefectRow; shown: Defect } | undefined> {
  const from = db
    .selectFrom('sysDefect as d')
    .where('d.defectId', '=', defectId)
    .where('d.isDeleted', '=', 0);
  return foldShown(await shownQuery(from, viewerId).orderBy('h.position').execute())[0];
}

/** How often, when and in which version the pushed ones among the defects were seen. */
async function seenOf(db: Db, defectIds: number[]): Promise<Map<number, DefectSeen>> {
  if (defectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysDefectPush')
    .select(['defectId', 'occurrences', 'firstSeen', 'lastSeen', 'lastVersion'])
    .where('defectId', 'in', defectIds)
    .execute();
  return new Map(
    rows.map((p) => [
      p.defectId,
      {
        occurrences: p.occurrences,
        firstSeenTime: p.firstSeen,
        lastSeenTime: p.lastSeen,
        lastVersion: p.lastVersion,
      },
    ]),
  );
}

function shape(
  r: DefectRow,
  people: People,
  stars: Set<number>,
  modules: Map<number, string>,
  seen: Map<number, DefectSeen>,
  extras: Map<number, DefectExtras>,
): Defect {
  const handleBy = people.handlers.get(r.defectId) ?? [];
  const typeName = DEFECT_TYPES[r.defectType] ?? 'BUG';
  return {
    defectId: r.defectId,
    projectId: r.projectId,
    projectNum: r.projectNum,
    defectType: typeName,
    defectTypeName: typeName,
    defectState: r.defectState,
    defectStateName: DEFECT_STATE_NAMES[r.defectState] ?? 'PROCESSING',
    defectName: r.defectName,
    defectDescribe: r.defectDescribe,
    defectLevel: r.defectLevel,
    moduleId: r.moduleId,
    moduleName: (r.moduleId && modules.get(r.moduleId)) || null,
    moduleVersion: r.moduleVersion,
    sponsor: r.sponsor,
    handleBy,
    handleByList: handleBy.flatMap((id) => {
      const u = people.users.get(id);
      return u ? [u] : [];
    }),
    imgUrls: r.imgUrls,
    annexUrls: r.annexUrls,
    planStartTime: r.planStartTime,
    planEndTime: r.planEndTime,
    caseId: r.caseId,
    customFields: parseCustomFields(r.customFields),
    createBy: r.createBy,
    createById: r.createById,
    creator: people.creators.get(r.createById) ?? null,
    updateBy: r.updateBy,
    createTime: r.createTime,
    updateTime: r.updateTime,
    collect: stars.has(r.defectId),
    seen: seen.get(r.defectId) ?? null,
    ...(extras.get(r.defectId) ?? {
      projectName: null,
      handleStartTime: null,
      handlePassTime: null,
      rejectCount: 0,
    }),
  };
}
