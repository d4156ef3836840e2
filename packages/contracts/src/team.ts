import { z } from 'zod';
import { email, password, phoneNumber } from './auth.ts';
import { LIMITS } from './limits.ts';
import { roleSummary } from './system.ts';

export const TEAM_NAME_MAX = 64;
export const INTRODUCE_MAX = 255;

export const team = z.object({
  teamId: z.number(),
  teamName: z.string(),
  teamIcon: z.string().nullable(),
  introduce: z.string().nullable(),
  createBy: z.string().nullable(),
  createById: z.number().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  /** Locked by the administrator (1.0's is_lock): read-only for its members, with the reason. */
  isLock: z.number(),
  lockRemark: z.string().nullable(),
});
export type Team = z.infer<typeof team>;

const teamName = z
  .string({ error: 'team.insert_team_name_cannot_empty' })
  .trim()
  .min(1, { error: 'team.insert_team_name_cannot_empty' })
  .max(TEAM_NAME_MAX, { error: 'team.name.too-long' });
const teamIcon = z
  .string({ error: 'team.icon.not_empty' })
  .trim()
  .min(1, { error: 'team.icon.not_empty' })
  .max(255)
  .regex(/^\/profile\/upload\//, { error: 'team.icon.invalid' });
const introduce = z
  .string()
  .trim()
  .max(INTRODUCE_MAX, { error: 'team.introduce.too-long' })
  .nullable()
  .optional();

export const teamCreateBody = z.object({ teamName, teamIcon, introduce });
export const teamUpdateBody = z.object({
  teamId: z.number().int().min(1),
  teamName: teamName.optional(),
  teamIcon: teamIcon.optional(),
  introduce,
});

/** A person as other members see them: no phone or e-mail of strangers. */
export const memberSummary = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummary>;

/** A member row of a team or project list. `status` is the lock flag ('0' active, '1' locked). */
export const member = memberSummary.extend({
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  sex: z.string().nullable(),
  createTime: z.string().nullable(),
  status: z.string(),
  roles: z.array(roleSummary),
  roleIds: z.array(z.number()),
});
export type Member = z.infer<typeof member>;

export const idList = (key: 'team.member_not_empty' | 'team.role_not_empty') =>
  z.array(z.number().int().min(1), { error: key }).min(1, { error: key });

export const inviteBody = z.object({
  memberIds: idList('team.member_not_empty'),
  roleIds: idList('team.role_not_empty'),
});

export const teamMemberCreateBody = z.object({
  nickName: z
    .string({ error: 'user.nick-name.not_empty' })
    .trim()
    .min(LIMITS.memberName.min, { error: 'member.name.size.exception' })
    .max(LIMITS.memberName.max, { error: 'member.name.size.exception' }),
  userName: z
    .string({ error: 'user.name.not_empty' })
    .trim()
    .min(LIMITS.account.min, { error: 'user.account.size.exception' })
    .max(LIMITS.account.max, { error: 'user.account.size.exception' }),
  password,
  phoneNumber,
  email,
  sex: z.enum(['0', '1', '2']).nullable().optional(),
  remark: z.string().trim().max(500).nullable().optional(),
  roleIds: idList('team.role_not_empty'),
});

export const lockBody = z.object({ teamLock: z.union([z.literal(0), z.literal(1)]) });
export const roleIdsBody = z
  .array(z.number().int().min(1), { error: 'project.member_role_not_empty' })
  .min(1, {
    error: 'project.member_role_not_empty',
  });

/** A destructive call confirmed with the caller's password: JSON `{password}` or the raw text. */
export const passwordConfirmation = z.object({
  password: z.string({ error: 'user.password.not_empty' }).min(1, { error: 'user.password.not_empty' }),
});

/**
 * The administrator's lock of a team or project (1.0 §13.8): locked or not, and always why (the
 * members read the reason on every refused change).
 */
export const adminLockBody = z.object({
  isLock: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'lock.state.invalid' })
    .transform((v) => (v === true || v === 1 ? 1 : 0)),
  lockRemark: z
    .string({ error: 'lock.remark.required' })
    .trim()
    .min(1, { error: 'lock.remark.required' })
    .max(255, { error: 'lock.remark.too-long' }),
});

/** A row of the administrator's team list: the team, its lock, and how many projects and members. */
export const lockedTeamRow = team.extend({ projectCount: z.number(), memberCount: z.number() });
export type LockedTeamRow = z.infer<typeof lockedTeamRow>;

/** A row of the administrator's project list (`/admin/project/list`). */
export const lockedProjectRow = z.object({
  projectId: z.number(),
  projectName: z.string(),
  projectIcon: z.string().nullable(),
  teamId: z.number(),
  teamName: z.string(),
  archived: z.boolean(),
  isLock: z.number(),
  lockRemark: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  memberCount: z.number(),
});
export type LockedProjectRow = z.infer<typeof lockedProjectRow>;
