import {
  ROLE_IDS,
  type teamCreateBody,
  type teamMemberCreateBody,
  type teamUpdateBody,
} from '@buglet/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertChangeable, replaceMembershipRoles } from '../members/memberships.ts';
import { ensureUserConfig, findUser } from '../users/users.repository.ts';
import { confirmOwnPassword, createUser } from '../users/users.service.ts';
import {
  findLiveTeam,
  findLiveTeamByName,
  findMembership,
  insertMembership,
  toTeam,
} from './teams.repository.ts';

/** The roles a team member may be given; the creator role comes only with creating the team. */
const GIVABLE_TEAM_ROLES: readonly number[] = [ROLE_IDS.teamAdmin, ROLE_IDS.teamDefault];

export function assertTeamRoles(roleIds: number[]) {
  if (roleIds.some((id) => !GIVABLE_TEAM_ROLES.includes(id))) throw new AppError('team.role.invalid');
}

async function assertNameFree(db: Db, teamName: string, selfId?: number) {
  const clash = await findLiveTeamByName(db, teamName);
  if (clash && clash.teamId !== selfId) throw new AppError('team.insert_team_name_duplicate', [teamName]);
}

export async function createTeam(db: Db, caller: Principal, body: z.infer<typeof teamCreateBody>) {
  await assertNameFree(db, body.teamName);
  const now = formatDateTime();
  const teamId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sysTeam')
      .values({
        teamName: body.teamName,
        teamIcon: body.teamIcon,
        introduce: body.introduce ?? null,
        isDel: 0,
        createBy: caller.userName,
        createById: caller.userId,
        createTime: now,
        updateBy: null,
        updateTime: now,
      })
      .returning('teamId')
      .executeTakeFirstOrThrow();
    await insertMembership(trx, row.teamId, caller.userId, [ROLE_IDS.teamCreateBy], now);
    await ensureUserConfig(trx, caller.userId);
    return row.teamId;
  });
  const team = await findLiveTeam(db, teamId);
  if (!team) throw new AppError('team.not_found_member');
  return toTeam(team);
}

export async function updateTeam(db: Db, caller: Principal, body: z.infer<typeof teamUpdateBody>) {
  if (body.teamName !== undefined) await assertNameFree(db, body.teamName, body.teamId);
  await db
    .updateTable('sysTeam')
    .set({
      ...(body.teamName === undefined ? {} : { teamName: body.teamName }),
      ...(body.teamIcon === undefined ? {} : { teamIcon: body.teamIcon }),
      ...(body.introduce === undefined ? {} : { introduce: body.introduce }),
      updateBy: caller.userName,
      updateTime: formatDateTime(),
    })
    .where('teamId', '=', body.teamId)
    .execute();
}

/**
 * Deleting a team archives it with everything it held: the team and its projects are marked
 * deleted (memberships stay with them), and nobody is left standing in them.
 */
export async function deleteTeams(db: Db, caller: Principal, teamIds: readonly number[], password: string) {
  await confirmOwnPassword(db, caller.userId, password);
  // Several teams (a comma list) go together or not at all.
  await db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    await trx
      .updateTable('sysTeam')
      .set({ isDel: 1, updateBy: caller.userName, updateTime: now })
      .where('teamId', 'in', teamIds)
      .execute();
    await trx
      .updateTable('sysProject')
      .set({ projectState: 0, updateTime: now })
      .where('teamId', 'in', teamIds)
      .execute();
    await trx
      .updateTable('sysUserConfig')
      .set({ currentTeamId: 0, currentProjectId: 0 })
      .where('currentTeamId', 'in', teamIds)
      .execute();
    // Someone may have moved to another team while a project of this one stayed current.
    await trx
      .updateTable('sysUserConfig')
      .set({ currentProjectId: 0 })
      .where(
        'currentProjectId',
        'in',
        trx.selectFrom('sysProject').select('projectId').where('teamId', 'in', teamIds),
      )
      .execute();
  });
}

export async function createTeamMember(
  db: Db,
  teamId: number,
  caller: Principal,
  body: z.infer<typeof teamMemberCreateBody>,
) {
  assertTeamRoles(body.roleIds);
  const userId = await createUser(db, { ...body, roleIds: [ROLE_IDS.default] }, caller.userName);
  await db.transaction().execute(async (trx) => {
    await insertMembership(trx, teamId, userId, body.roleIds, formatDateTime());
    await trx
      .updateTable('sysUserConfig')
      .set({ currentTeamId: teamId, currentProjectId: 0 })
      .where('userId', '=', userId)
      .execute();
  });
  return userId;
}

async function changeableMembership(db: Db, teamId: number, memberId: number) {
  const membership = await findMembership(db, teamId, memberId);
  if (!membership || !(await findUser(db, memberId))) throw new AppError('team.not_found_member');
  await assertChangeable(db, 'team', { membershipId: membership.userTeamId, userId: memberId });
  return membership;
}

export async function setMemberLock(
  db: Db,
  teamId: number,
  memberId: number,
  isLocked: boolean,
  callerId: number,
) {
  if (memberId === callerId) throw new AppError('team.cannot-lock-self');
  const membership = await changeableMembership(db, teamId, memberId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sysUserTeam')
      .set({ isLock: isLocked ? 1 : 0 })
      .where('userTeamId', '=', membership.userTeamId)
      .execute();
    // A locked member no longer stands in the team.
    if (isLocked) {
      await trx
        .updateTable('sysUserConfig')
        .set({ currentTeamId: 0, currentProjectId: 0 })
        .where('userId', '=', memberId)
        .where('currentTeamId', '=', teamId)
        .execute();
    }
  });
}

export async function setMemberRoles(db: Db, teamId: number, memberId: number, roleIds: number[]) {
  assertTeamRoles(roleIds);
  const membership = await changeableMembership(db, teamId, memberId);
  await db
    .transaction()
    .execute((trx) => replaceMembershipRoles(trx, 'team', membership.userTeamId, roleIds));
}
