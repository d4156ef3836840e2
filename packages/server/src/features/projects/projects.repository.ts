import { type Project, type ProjectTab, ROLE_IDS } from '@buglet/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ProjectTable } from '../../db/schema.ts';
import { rolesOfMemberships } from '../members/memberships.ts';
import { toRoleSummary } from '../users/users.repository.ts';

export type ProjectRow = Selectable<ProjectTable>;
type ListedRow = ProjectRow & { collect: number; isMember: number };

/** How many members a list row carries for its avatars; `memberCount` tells the rest. */
export const LISTED_MEMBERS = 5;

export function toProject(p: ListedRow): Project {
  return {
    projectId: p.projectId,
    projectName: p.projectName,
    projectIcon: p.projectIcon,
    projectIntroduce: p.projectIntroduce,
    teamId: p.teamId,
    projectState: p.projectState,
    archived: p.isArchived === 1,
    isLock: p.isLock,
    lockRemark: p.lockRemark,
    collect: p.collect === 1,
    isMember: p.isMember === 1,
    createBy: p.createBy,
    createTime: p.createTime,
    updateTime: p.updateTime,
  };
}

export interface ProjectFilter {
  teamId: number;
  userId: number;
  tab: ProjectTab;
  projectName?: string;
}

/** One tab of a team's project list, scoped in SQL to the team and, for most tabs, to the caller. */
function filtered(db: Db, f: ProjectFilter) {
  let q = db
    .selectFrom('sysProject as p')
    .leftJoin('sysUserProject as up', (j) =>
      j.onRef('up.projectId', '=', 'p.projectId').on('up.userId', '=', f.userId),
    )
    .where('p.teamId', '=', f.teamId)
    .where('p.projectState', '=', 1)
    .where('p.isArchived', '=', f.tab === 'archived' ? 1 : 0);
  if (f.tab === 'participated' || f.tab === 'managed' || f.tab === 'followed')
    q = q.where('up.userProjectId', 'is not', null);
  if (f.tab === 'followed') q = q.where('up.collect', '=', 1);
  if (f.tab === 'managed') {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserProjectRole as upr')
          .select('upr.roleId')
          .whereRef('upr.userProjectId', '=', 'up.userProjectId')
          .where('upr.roleId', 'in', [ROLE_IDS.projectAdmin, ROLE_IDS.projectCreateBy]),
      ),
    );
  }
  if (f.projectName) q = q.where('p.projectName', 'like', `%${f.projectName}%`);
  return q;
}

export async function listProjects(db: Db, f: ProjectFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('p')
      .select([
        sql<number>`coalesce(up.collect, 0)`.as('collect'),
        sql<number>`case when up.user_project_id is null then 0 else 1 end`.as('isMember'),
      ])
      .orderBy(sql`coalesce(up.collect, 0)`, 'desc')
      .orderBy('p.createTime', 'desc')
      .orderBy('p.projectId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ListedRow[], total: Number(count.n) };
}

export async function findProject(db: Db, projectId: number, userId: number) {
  const row = await db
    .selectFrom('sysProject as p')
    .leftJoin('sysUserProject as up', (j) =>
      j.onRef('up.projectId', '=', 'p.projectId').on('up.userId', '=', userId),
    )
    .selectAll('p')
    .select([
      sql<number>`coalesce(up.collect, 0)`.as('collect'),
      sql<number>`case when up.user_project_id is null then 0 else 1 end`.as('isMember'),
    ])
    .where('p.projectId', '=', projectId)
    .where('p.projectState', '=', 1)
    .executeTakeFirst();
  return row as ListedRow | undefined;
}

/** The first few members of each project (with their roles) and how many there are in all. */
export async function listMembersOfProjects(db: Db, projectIds: number[], perProject = LISTED_MEMBERS) {
  const members = new Map<number, NonNullable<Project['members']>>();
  const counts = new Map<number, number>();
  if (projectIds.length === 0) return { members, counts };
  const ranked = db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select([
      'up.projectId',
      'up.userProjectId',
      'u.userId',
      'u.userName',
      'u.nickName',
      'u.avatar',
      sql<number>`row_number() over (partition by up.project_id order by up.user_project_id)`.as('rank'),
    ])
    .where('up.projectId', 'in', projectIds)
    .where('u.delFlag', '=', '0')
    .as('m');
  const [top, totals] = await Promise.all([
    db.selectFrom(ranked).selectAll().where('m.rank', '<=', perProject).execute(),
    db
      .selectFrom('sysUserProject')
      .select(['projectId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('projectId', 'in', projectIds)
      .groupBy('projectId')
      .execute(),
  ]);
  const roles = await rolesOfMemberships(
    db,
    'project',
    top.map((m) => m.userProjectId),
  );
  for (const m of top) {
    const held = roles.get(m.userProjectId) ?? [];
    const list = members.get(m.projectId) ?? [];
    list.push({
      userId: m.userId,
      userName: m.userName,
      nickName: m.nickName,
      avatar: m.avatar,
      roles: held.map((x) => toRoleSummary(x, true)),
      roleIds: held.map((x) => x.roleId),
    });
    members.set(m.projectId, list);
  }
  for (const t of totals) counts.set(t.projectId, Number(t.n));
  return { members, counts };
}

export async function findProjectMembershipRow(db: Db, projectId: number, userId: number) {
  return db
    .selectFrom('sysUserProject')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function insertProjectMembership(
  db: Db,
  projectId: number,
  userId: number,
  roleIds: number[],
  now: string,
) {
  const row = await db
    .insertInto('sysUserProject')
    .values({ projectId, userId, createTime: now })
    .returning('userProjectId')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sysUserProjectRole')
    .values([...new Set(roleIds)].map((roleId) => ({ userProjectId: row.userProjectId, roleId })))
    .execute();
  // Everyone starts with a "My" defect tab: the defects they handle.
  await db
    .insertInto('sysProjectDefectTabs')
    .values({
      tabName: MY_TAB,
      projectId,
      userId,
      config: JSON.stringify({ handleBy: [userId] }),
      tabSort: 0,
      createTime: now,
    })
    .execute();
}

/** Stored name of the default tab; shown in the reader's language. */
export const MY_TAB = '@my';

/** Of the given people, those who are active (unlocked) members of the team. */
export async function activeTeamMembers(db: Db, teamId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserTeam as ut')
    .innerJoin('sysUser as u', 'u.userId', 'ut.userId')
    .select('ut.userId')
    .where('ut.teamId', '=', teamId)
    .where('ut.isLock', '=', 0)
    .where('u.delFlag', '=', '0')
    .where('ut.userId', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.userId));
}
