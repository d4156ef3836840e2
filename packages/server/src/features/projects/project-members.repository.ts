import type { Member, MemberSummary } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { personMatches, toRoleSummary } from '../users/users.repository.ts';
import { rolesOfMemberships } from './projects.repository.ts';

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
        'up.userProjectId',
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
  const roles = await rolesOfMemberships(
    db,
    rows.map((r) => r.userProjectId),
  );
  const members: Member[] = rows.map((r) => {
    const held = roles.get(r.userProjectId) ?? [];
    return {
      userId: r.userId,
      userName: r.userName,
      nickName: r.nickName,
      avatar: r.avatar,
      email: r.email,
      phoneNumber: r.phoneNumber,
      sex: r.sex,
      createTime: r.createTime,
      status: r.isLock === 0 ? '0' : '1',
      roles: held.map((x) => toRoleSummary(x, true)),
      roleIds: held.map((x) => x.roleId),
    };
  });
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
