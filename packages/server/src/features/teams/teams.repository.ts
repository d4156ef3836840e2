import { type MemberSummary, SUPER_ADMIN_ID, type Team } from '@buglet/contracts';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database, TeamTable, UserTable } from '../../db/schema.ts';
import { toMembers } from '../members/memberships.ts';
import { personMatches } from '../users/users.repository.ts';

export type TeamRow = Selectable<TeamTable>;

export function toTeam(t: TeamRow): Team {
  return {
    teamId: t.teamId,
    teamName: t.teamName,
    teamIcon: t.teamIcon,
    introduce: t.introduce,
    createBy: t.createBy,
    createById: t.createById,
    createTime: t.createTime,
    updateTime: t.updateTime,
    isLock: t.isLock,
    lockRemark: t.lockRemark,
  };
}

export async function findLiveTeam(db: Db, teamId: number) {
  return db
    .selectFrom('sysTeam')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('isDel', '=', 0)
    .executeTakeFirst();
}

export async function findLiveTeamByName(db: Db, teamName: string) {
  return db
    .selectFrom('sysTeam')
    .select('teamId')
    .where('teamName', '=', teamName)
    .where('isDel', '=', 0)
    .executeTakeFirst();
}

/** Teams the user may enter: live, and the user not locked out. */
export async function listMyTeams(db: Db, userId: number) {
  return db
    .selectFrom('sysTeam as t')
    .innerJoin('sysUserTeam as ut', 'ut.teamId', 't.teamId')
    .selectAll('t')
    .where('ut.userId', '=', userId)
    .where('ut.isLock', '=', 0)
    .where('t.isDel', '=', 0)
    .orderBy('t.teamId')
    .execute();
}

export async function listTeams(
  db: Db,
  f: { teamName?: string; memberId?: number },
  limit: number,
  offset: number,
) {
  const base = () => {
    // A deleted team is gone for everyone, the platform administrator included.
    let q = db.selectFrom('sysTeam as t').where('t.isDel', '=', 0);
    if (f.teamName) q = q.where('t.teamName', 'like', `%${f.teamName}%`);
    if (f.memberId !== undefined) {
      const mine = db
        .selectFrom('sysUserTeam')
        .select('teamId')
        .where('userId', '=', f.memberId)
        .where('isLock', '=', 0);
      q = q.where('t.teamId', 'in', mine);
    }
    return q;
  };
  const [rows, count] = await Promise.all([
    base().selectAll('t').orderBy('t.teamId').limit(limit).offset(offset).execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface MemberFilter {
  search?: string;
  excludeMembers?: number[];
}

function filteredMembers(db: Db, teamId: number, f: MemberFilter) {
  let q = db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserTeam as ut', 'ut.userId', 'u.userId')
    .where('ut.teamId', '=', teamId)
    .where('u.delFlag', '=', '0');
  if (f.search) {
    q = q.where(personMatches(f.search, true));
  }
  if (f.excludeMembers && f.excludeMembers.length > 0) q = q.where('u.userId', 'not in', f.excludeMembers);
  return q;
}

export async function listTeamMembers(
  db: Db,
  teamId: number,
  f: MemberFilter,
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filteredMembers(db, teamId, f)
      .select([
        'ut.userTeamId as membershipId',
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
      .orderBy('u.createTime')
      .orderBy('u.userId')
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredMembers(db, teamId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const members = await toMembers(
    db,
    'team',
    rows.map(({ isLock, ...r }) => ({ ...r, isLocked: isLock === 1 })),
  );
  return { rows: members, total: Number(count.n) };
}

/**
 * People who could be invited to a team. The super administrator searches everyone; anyone else
 * finds only people who already share a team with them (by part of a name) or a person named
 * exactly by account, e-mail or phone: the tracker is no directory of every account.
 */
export async function listNonMembers(
  db: Db,
  teamId: number,
  search: string | undefined,
  limit: number,
  offset: number,
  searcherId: number,
) {
  const exact = search?.trim().toLowerCase() ?? '';
  const base = () => {
    let q = db
      .selectFrom('sysUser as u')
      .where('u.delFlag', '=', '0')
      .where('u.status', '=', '0')
      .where(
        'u.userId',
        'not in',
        db.selectFrom('sysUserTeam').select('userId').where('teamId', '=', teamId),
      );
    if (searcherId === SUPER_ADMIN_ID) return search ? q.where(personMatches(search, false)) : q;
    const teammates = db
      .selectFrom('sysUserTeam as mine')
      .innerJoin('sysUserTeam as theirs', 'theirs.teamId', 'mine.teamId')
      .innerJoin('sysTeam as t', 't.teamId', 'mine.teamId')
      .select('theirs.userId')
      .where('mine.userId', '=', searcherId)
      .where('t.isDel', '=', 0);
    const isNamed = (eb: ExpressionBuilder<Database & { u: UserTable }, 'u'>) =>
      exact
        ? [
            eb(eb.fn('lower', ['u.userName']), '=', exact),
            eb(eb.fn('lower', ['u.email']), '=', exact),
            eb('u.phoneNumber', '=', search?.trim() ?? ''),
          ]
        : [];
    // A teammate by part of a name; anyone else only named exactly.
    q = q.where((eb) =>
      eb.or([
        search
          ? eb.and([eb('u.userId', 'in', teammates), personMatches(search, false)])
          : eb('u.userId', 'in', teammates),
        ...isNamed(eb),
      ]),
    );
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

export async function findMembership(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('sysUserTeam')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function insertMembership(
  db: Db,
  teamId: number,
  userId: number,
  roleIds: number[],
  now: string,
) {
  const row = await db
    .insertInto('sysUserTeam')
    .values({ teamId, userId, isLock: 0, createTime: now })
    .returning('userTeamId')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sysUserTeamRole')
    .values([...new Set(roleIds)].map((roleId) => ({ userTeamId: row.userTeamId, roleId })))
    .execute();
  return row.userTeamId;
}

export async function listRolesOfKind(db: Db, kind: 'team' | 'project') {
  return db
    .selectFrom('sysRole')
    .selectAll()
    .where(kind === 'team' ? 'isTeamRole' : 'isProjectRole', '=', 1)
    .where('delFlag', '=', '0')
    .where('status', '=', '0')
    .orderBy('roleSort')
    .execute();
}
