import type { MemberSummary } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { toMembers } from '../members/memberships.ts';
import { personMatches } from '../users/users.repository.ts';

export interface ProjectMemberFilter {
  search?: string;
  roleId?: number;
}

function filtered(db: Db, projectId: number, teamId: number, f: ProjectMemberFilter) {
  let q = db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .leftJoin('sysUserTeam as ut', (j) => j.onRef('ut.userId', '=', 'up.userId').on('ut.teamId', '=', teamId))
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0');
  if (f.search) {
    q = q.where(personMatches(f.search, true));
  }
  if (f.roleId !== undefined) {
    const roleId = f.roleId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserProjectRole as upr')
          .select('upr.roleId')
          .whereRef('upr.userProjectId', '=', 'up.userProjectId')
          .where('upr.roleId', '=', roleId),
      ),
    );
  }
  return q;
}

/** Members with their project roles; `status` is '1' for someone locked out of the team. */
export async function listProjectMembers(
  db: Db,
  projectId: number,
  teamId: number,
  f: ProjectMemberFilter,
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, projectId, teamId, f)
      .select([
        'up.userProjectId as membershipId',
        'u.userId',
        'u.userName',
        'u.nickName',
        'u.avatar',
        'u.email',
        'u.phoneNumber',
        'u.sex',
        'u.createTime',
        'ut.isLock',
      ])
      .orderBy('up.userProjectId')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, projectId, teamId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  // Someone no longer in the team (no team membership) shows as locked, as they cannot enter.
  const members = await toMembers(
    db,
    'project',
    rows.map(({ isLock, ...r }) => ({ ...r, isLocked: isLock !== 0 })),
  );
  return { rows: members, total: Number(count.n) };
}

/** Active members of the project's team who are not in the project yet. */
export async function listProjectCandidates(
  db: Db,
  projectId: number,
  teamId: number,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  const base = () => {
    let q = db
      .selectFrom('sysUserTeam as ut')
      .innerJoin('sysUser as u', 'u.userId', 'ut.userId')
      .where('ut.teamId', '=', teamId)
      .where('ut.isLock', '=', 0)
      .where('u.delFlag', '=', '0')
      .where(
        'u.userId',
        'not in',
        db.selectFrom('sysUserProject').select('userId').where('projectId', '=', projectId),
      );
    if (search) {
      q = q.where(personMatches(search, false));
    }
    return q;
  };
  const [rows, count] = await Promise.all([
    base()
      .select(['u.userId', 'u.userName', 'u.nickName', 'u.avatar'])
      .orderBy('u.userId')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MemberSummary[], total: Number(count.n) };
}

/**
 * The ids of a project's live members: who may receive its notices and frames. Deleted accounts
 * and members locked in the project's team (who cannot enter it) are left out.
 */
export async function projectMemberIds(db: Db, projectId: number): Promise<number[]> {
  const members = await projectsMemberIds(db, [projectId]);
  return [...(members.get(projectId) ?? [])];
}

/** projectMemberIds of several projects in one query: project id → its live members. */
export async function projectsMemberIds(db: Db, projectIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>(projectIds.map((id) => [id, new Set<number>()]));
  if (projectIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .innerJoin('sysProject as p', 'p.projectId', 'up.projectId')
    .innerJoin('sysUserTeam as ut', (j) =>
      j.onRef('ut.teamId', '=', 'p.teamId').onRef('ut.userId', '=', 'up.userId'),
    )
    .select(['up.projectId', 'up.userId'])
    .where('up.projectId', 'in', [...new Set(projectIds)])
    .where('u.delFlag', '=', '0')
    .where('ut.isLock', '!=', 1)
    .execute();
  for (const r of rows) out.get(r.projectId)?.add(r.userId);
  return out;
}
