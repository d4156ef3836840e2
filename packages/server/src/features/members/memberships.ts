import { type Member, ROLE_IDS, SUPER_ADMIN_ID } from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { type RoleRow, toRoleSummary } from '../users/users.repository.ts';

/*
 * A person belongs to a team or to a project through a membership row, whose roles are rows of
 * their own. The two kinds differ only in their tables and in the words of their refusals; what is
 * done with a membership (its roles read or replaced, a creator's left alone, the row shown as a
 * member) is written here once, for the team and the project pages alike.
 */
export type MembershipKind = 'team' | 'project';

const KINDS = {
  team: {
    roleTable: 'sysUserTeamRole',
    idColumn: 'userTeamId',
    creatorRole: ROLE_IDS.teamCreateBy,
    creatorFixed: 'team.creator.cannot-change',
  },
  project: {
    roleTable: 'sysUserProjectRole',
    idColumn: 'userProjectId',
    creatorRole: ROLE_IDS.projectCreateBy,
    creatorFixed: 'project.creator.cannot-change',
  },
} as const;

/** The roles of each membership (by its id), in the roles' order. */
export async function rolesOfMemberships(
  db: Db,
  kind: MembershipKind,
  membershipIds: number[],
): Promise<Map<number, RoleRow[]>> {
  const out = new Map<number, RoleRow[]>();
  if (membershipIds.length === 0) return out;
  const { roleTable, idColumn } = KINDS[kind];
  const { rows } = await sql<RoleRow & { membershipId: number }>`
    select r.*, m.${sql.ref(idColumn)} as membership_id
    from ${sql.table(roleTable)} m inner join sys_role r on r.role_id = m.role_id
    where m.${sql.ref(idColumn)} in (${sql.join([...new Set(membershipIds)])})
    order by r.role_sort`.execute(db);
  for (const { membershipId, ...role } of rows)
    out.set(membershipId, [...(out.get(membershipId) ?? []), role as RoleRow]);
  return out;
}

/** The membership's roles become these (in the caller's transaction). */
export async function replaceMembershipRoles(
  db: Db,
  kind: MembershipKind,
  membershipId: number,
  roleIds: number[],
): Promise<void> {
  const { roleTable, idColumn } = KINDS[kind];
  await sql`delete from ${sql.table(roleTable)} where ${sql.ref(idColumn)} = ${membershipId}`.execute(db);
  const rows = [...new Set(roleIds)].map((roleId) => sql`(${membershipId}, ${roleId})`);
  if (rows.length > 0)
    await sql`insert into ${sql.table(roleTable)} (${sql.ref(idColumn)}, role_id) values ${sql.join(rows)}`.execute(
      db,
    );
}

/**
 * Refuses a change to a creator's membership (nor the super administrator's in a team): the one who
 * made the team or the project keeps it, and their roles.
 */
export async function assertChangeable(
  db: Db,
  kind: MembershipKind,
  membership: { membershipId: number; userId: number },
): Promise<void> {
  const { creatorRole, creatorFixed } = KINDS[kind];
  const roles = await rolesOfMemberships(db, kind, [membership.membershipId]);
  const isCreator = (roles.get(membership.membershipId) ?? []).some((r) => r.roleId === creatorRole);
  if (isCreator || (kind === 'team' && membership.userId === SUPER_ADMIN_ID))
    throw new AppError(creatorFixed);
}

/** A member's row as both lists read it: the person, locked or not, and their roles. */
export interface MemberRow {
  membershipId: number;
  userId: number;
  userName: string;
  nickName: string;
  avatar: string | null;
  email: string | null;
  phoneNumber: string | null;
  sex: string | null;
  createTime: string | null;
  /** Locked out of the team (a project's members through their team membership). */
  isLocked: boolean;
}

/** Rows with their roles, as the API answers a member list. */
export async function toMembers(db: Db, kind: MembershipKind, rows: MemberRow[]): Promise<Member[]> {
  const roles = await rolesOfMemberships(
    db,
    kind,
    rows.map((r) => r.membershipId),
  );
  return rows.map(({ membershipId, isLocked, ...person }) => {
    const held = roles.get(membershipId) ?? [];
    return {
      ...person,
      status: isLocked ? '1' : '0',
      roles: held.map((x) => toRoleSummary(x, true)),
      roleIds: held.map((x) => x.roleId),
    };
  });
}
