import { z } from 'zod';
import { roleSummary } from './system.ts';
import { INTRODUCE_MAX, idList, memberSummary } from './team.ts';

export const PROJECT_NAME_MAX = 64;
/** The built-in cover illustrations; the stored value is the key, e.g. `project-icon-3`. */
export const PROJECT_ICONS = Array.from({ length: 10 }, (_, i) => `project-icon-${i + 1}`);

export const PROJECT_STATE = { deleted: 0, working: 1 } as const;

export const PROJECT_TABS = ['all', 'participated', 'managed', 'archived', 'followed'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export const projectMember = memberSummary.extend({
  roles: z.array(roleSummary),
  roleIds: z.array(z.number()),
});

export const project = z.object({
  projectId: z.number(),
  projectName: z.string(),
  projectIcon: z.string().nullable(),
  projectIntroduce: z.string().nullable(),
  teamId: z.number(),
  projectState: z.number(),
  archived: z.boolean(),
  collect: z.boolean(),
  isMember: z.boolean(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  members: z.array(projectMember).optional(),
  memberCount: z.number().optional(),
});
export type Project = z.infer<typeof project>;

const projectName = z
  .string({ error: 'project.project-name-cannot-empty' })
  .trim()
  .min(1, { error: 'project.project-name-cannot-empty' })
  .max(PROJECT_NAME_MAX, { error: 'project.name.too-long' });
const projectIcon = z.enum(PROJECT_ICONS as [string, ...string[]], { error: 'project.icon.invalid' });
const projectIntroduce = z
  .string()
  .trim()
  .max(INTRODUCE_MAX, { error: 'project.introduce.too-long' })
  .nullable()
  .optional();

export const projectCreateBody = z.object({
  teamId: z
    .number({ error: 'project.team_cannot_empty' })
    .int()
    .min(1, { error: 'project.team_cannot_empty' }),
  projectName,
  projectIcon: projectIcon.optional(),
  projectIntroduce,
  members: z
    .array(z.object({ userId: z.number().int().min(1), roleIds: idList('team.role_not_empty') }))
    .max(1000)
    .optional(),
});

export const projectUpdateBody = z.object({
  projectId: z.number().int().min(1),
  projectName: projectName.optional(),
  projectIcon: projectIcon.optional(),
  projectIntroduce,
});

export const projectListQuery = z.object({
  teamId: z.coerce
    .number({ error: 'project.team_cannot_empty' })
    .int()
    .min(1, { error: 'project.team_cannot_empty' }),
  projectName: z.string().max(PROJECT_NAME_MAX).optional(),
  collect: z.enum(['true', 'false']).optional(),
  params: z
    .object({
      tab: z.enum(PROJECT_TABS).optional(),
      userId: z.coerce.number().int().optional(),
    })
    .optional(),
});

export const collectBody = z.object({ collect: z.boolean() });

export const projectMemberAddBody = z.object({
  memberIds: idList('team.member_not_empty'),
  roleIds: idList('team.role_not_empty'),
});
