import { z } from 'zod';
import { roleSummary } from './system.ts';
import { INTRODUCE_MAX, idList, memberSummary } from './team.ts';

export const PROJECT_NAME_MAX = 64;
/** The built-in cover illustrations; the stored value is the key, e.g. `project-icon-3`. */
export const PROJECT_ICONS = Array.from({ length: 10 }, (_, i) => `project-icon-${i + 1}`);

/**
 * The original's client stores the address of its bundled cover instead of a key
 * (`/static/img/project_icon3.5f1c2a.svg`, `/static/project-icon/3.png`): a path on its own site,
 * kept as sent so that client still shows it, and read as the same built-in cover here.
 */
const ORIGINAL_ICON_ADDRESS =
  /^(?!.*\.\.)[\w\-./]*?(?:^|\/)project[_-]?icon(?:[_-]|\/)?(\d{1,2})(?:\.[\w-]+)?\.(?:svg|png|jpe?g|gif|webp)$/i;
/** An image uploaded through /common/upload (or an avatar), served by this server. */
const UPLOADED_ICON = /^\/profile\/(?:upload|avatar)\/(?!.*\.\.)[\w\-./]+\.(?:png|jpe?g)$/i;

/** The built-in cover a stored value names (by key or by the original client's address), if any. */
export function projectIconKey(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (PROJECT_ICONS.includes(value)) return value;
  const n = Number(ORIGINAL_ICON_ADDRESS.exec(value)?.[1] ?? 0);
  return n >= 1 && n <= PROJECT_ICONS.length ? `project-icon-${n}` : undefined;
}

/** Whether a stored value is an uploaded image (shown from its own address). */
export const isUploadedProjectIcon = (value: string | null | undefined): value is string =>
  Boolean(value && UPLOADED_ICON.test(value));

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
  /** Locked by the administrator (1.0's is_lock): read-only for its members, with the reason. */
  isLock: z.number(),
  lockRemark: z.string().nullable(),
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
/** A built-in cover by key or by the original client's address, or an uploaded image; stored as sent. */
const projectIcon = z
  .string({ error: 'project.icon.invalid' })
  .trim()
  .max(255, { error: 'project.icon.invalid' })
  .refine((v) => projectIconKey(v) !== undefined || isUploadedProjectIcon(v), {
    error: 'project.icon.invalid',
  });
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
