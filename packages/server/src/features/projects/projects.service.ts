import { PROJECT_ICONS, type projectCreateBody, type projectUpdateBody, ROLE_IDS } from '@buglet/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertChangeable, replaceMembershipRoles } from '../members/memberships.ts';
import { ensureUserConfig, findUser } from '../users/users.repository.ts';
import { confirmOwnPassword } from '../users/users.service.ts';
import {
  activeTeamMembers,
  findProjectMembershipRow,
  insertProjectMembership,
} from './projects.repository.ts';

/** Roles a member may be given; the creator role comes only with creating the project. */
const GIVABLE_PROJECT_ROLES: readonly number[] = [
  ROLE_IDS.projectAdmin,
  ROLE_IDS.projectDevelop,
  ROLE_IDS.projectTester,
  ROLE_IDS.projectOutsider,
];

function assertProjectRoles(roleIds: number[]) {
  if (roleIds.some((id) => !GIVABLE_PROJECT_ROLES.includes(id))) throw new AppError('project.role.invalid');
}

async function assertTeamMembers(db: Db, teamId: number, userIds: number[]) {
  const active = await activeTeamMembers(db, teamId, userIds);
  const stranger = userIds.find((id) => !active.has(id));
  if (stranger !== undefined) {
    const user = await findUser(db, stranger);
    throw new AppError('project.member.not-in-team', [user?.nickName ?? String(stranger)]);
  }
}

export async function createProject(db: Db, caller: Principal, body: z.infer<typeof projectCreateBody>) {
  const others = (body.members ?? []).filter((m) => m.userId !== caller.userId);
  for (const m of others) assertProjectRoles(m.roleIds);
  await assertTeamMembers(
    db,
    body.teamId,
    others.map((m) => m.userId),
  );
  const now = formatDateTime();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sysProject')
      .values({
        projectName: body.projectName,
        projectIcon: body.projectIcon ?? PROJECT_ICONS[0] ?? null,
        projectIntroduce: body.projectIntroduce ?? null,
        teamId: body.teamId,
        projectState: 1,
        isArchived: 0,
        createBy: caller.userName,
        createById: caller.userId,
        createTime: now,
        updateBy: null,
        updateTime: now,
      })
      .returning('projectId')
      .executeTakeFirstOrThrow();
    // The creator always joins, holding the creator role.
    await insertProjectMembership(trx, row.projectId, caller.userId, [ROLE_IDS.projectCreateBy], now);
    const seen = new Set<number>();
    for (const m of others) {
      if (seen.has(m.userId)) continue;
      seen.add(m.userId);
      await insertProjectMembership(trx, row.projectId, m.userId, m.roleIds, now);
    }
    return row.projectId;
  });
}

export async function updateProject(db: Db, caller: Principal, body: z.infer<typeof projectUpdateBody>) {
  await db
    .updateTable('sysProject')
    .set({
      ...(body.projectName === undefined ? {} : { projectName: body.projectName }),
      ...(body.projectIcon === undefined ? {} : { projectIcon: body.projectIcon }),
      ...(body.projectIntroduce === undefined ? {} : { projectIntroduce: body.projectIntroduce }),
      updateBy: caller.userName,
      updateTime: formatDateTime(),
    })
    .where('projectId', '=', body.projectId)
    .execute();
}

export async function setArchived(db: Db, caller: Principal, projectId: number, isArchived: boolean) {
  await db
    .updateTable('sysProject')
    .set({ isArchived: isArchived ? 1 : 0, updateBy: caller.userName, updateTime: formatDateTime() })
    .where('projectId', '=', projectId)
    .execute();
}

/** Soft delete, confirmed by the caller's password; nobody is left standing in the project. */
export async function deleteProject(db: Db, caller: Principal, projectId: number, password: string) {
  await confirmOwnPassword(db, caller.userId, password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sysProject')
      .set({ projectState: 0, updateBy: caller.userName, updateTime: formatDateTime() })
      .where('projectId', '=', projectId)
      .execute();
    await trx
      .updateTable('sysUserConfig')
      .set({ currentProjectId: 0 })
      .where('currentProjectId', '=', projectId)
      .execute();
  });
}

export async function setCollect(db: Db, userId: number, projectId: number, isCollected: boolean) {
  await db
    .updateTable('sysUserProject')
    .set({ collect: isCollected ? 1 : 0 })
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .execute();
}

export async function addMembers(
  db: Db,
  projectId: number,
  teamId: number,
  memberIds: number[],
  roleIds: number[],
) {
  assertProjectRoles(roleIds);
  const ids = [...new Set(memberIds)];
  await assertTeamMembers(db, teamId, ids);
  const now = formatDateTime();
  let added = 0;
  await db.transaction().execute(async (trx) => {
    for (const userId of ids) {
      if (await findProjectMembershipRow(trx, projectId, userId)) continue;
      await insertProjectMembership(trx, projectId, userId, roleIds, now);
      await ensureUserConfig(trx, userId);
      added += 1;
    }
  });
  return added;
}

async function changeableMembership(db: Db, projectId: number, memberId: number) {
  const membership = await findProjectMembershipRow(db, projectId, memberId);
  if (!membership) throw new AppError('project.member_not_found');
  await assertChangeable(db, 'project', { membershipId: membership.userProjectId, userId: memberId });
  return membership;
}

export async function setMemberRoles(db: Db, projectId: number, memberId: number, roleIds: number[]) {
  assertProjectRoles(roleIds);
  const membership = await changeableMembership(db, projectId, memberId);
  await db
    .transaction()
    .execute((trx) => replaceMembershipRoles(trx, 'project', membership.userProjectId, roleIds));
}

/** Removal takes effect at once: access is computed from the membership on every request. */
export async function removeMember(db: Db, projectId: number, memberId: number, callerId: number) {
  if (memberId === callerId) throw new AppError('project.cannot-remove-self');
  const membership = await changeableMembership(db, projectId, memberId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserProject').where('userProjectId', '=', membership.userProjectId).execute();
    await trx
      .deleteFrom('sysProjectDefectTabs')
      .where('projectId', '=', projectId)
      .where('userId', '=', memberId)
      .execute();
    await trx
      .updateTable('sysUserConfig')
      .set({ currentProjectId: 0 })
      .where('userId', '=', memberId)
      .where('currentProjectId', '=', projectId)
      .execute();
  });
}
