import { z } from 'zod';
import { EMAIL_PATTERN } from './limits.ts';

/** Departments and posts: the original's RuoYi organisation (`sys_dept`, `sys_post`). */
export const DEPT_LIMITS = {
  name: 30,
  leader: 20,
  phone: 11,
  email: 50,
} as const;
export const POST_LIMITS = { code: 64, name: 50 } as const;

const statusFlag = z.enum(['0', '1']);
const optionalText = (max: number, error: string) =>
  z.string().trim().max(max, { error }).nullable().optional();

export const dept = z.object({
  deptId: z.number(),
  parentId: z.number(),
  /** The ids from the top down to the parent, comma-separated, starting with 0 (the original's column). */
  ancestors: z.string(),
  deptName: z.string(),
  orderNum: z.number(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  delFlag: z.string(),
  /** The parent's name (one department's detail only). */
  parentName: z.string().nullable().optional(),
  createTime: z.string().nullable(),
});
export type Dept = z.infer<typeof dept>;

export const deptListQuery = z.object({
  deptName: z.string().max(DEPT_LIMITS.name).optional(),
  status: statusFlag.optional(),
});

export const deptBody = z.object({
  deptId: z.number().int().min(1).optional(),
  parentId: z.coerce.number().int().min(0, { error: 'dept.parent.required' }),
  deptName: z
    .string({ error: 'dept.name.not_empty' })
    .trim()
    .min(1, { error: 'dept.name.not_empty' })
    .max(DEPT_LIMITS.name, { error: 'dept.name.too-long' }),
  orderNum: z.coerce
    .number({ error: 'dept.order.invalid' })
    .int({ error: 'dept.order.invalid' })
    .min(0)
    .max(9999),
  leader: optionalText(DEPT_LIMITS.leader, 'dept.leader.too-long'),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9]{0,11}$/, { error: 'dept.phone.invalid' })
    .nullable()
    .optional(),
  email: z
    .string()
    .trim()
    .max(DEPT_LIMITS.email, { error: 'dept.email.invalid' })
    .regex(EMAIL_PATTERN, { error: 'dept.email.invalid' })
    .nullable()
    .optional()
    .or(z.literal('')),
  status: statusFlag.optional(),
});
export type DeptBody = z.infer<typeof deptBody>;

/** A node of the tree selects (the original's `TreeSelect`). */
export interface TreeSelect {
  id: number;
  label: string;
  disabled: boolean;
  children?: TreeSelect[];
}

export const post = z.object({
  postId: z.number(),
  postCode: z.string(),
  postName: z.string(),
  postSort: z.number(),
  status: z.string(),
  remark: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type Post = z.infer<typeof post>;

export const postListQuery = z.object({
  postCode: z.string().max(POST_LIMITS.code).optional(),
  postName: z.string().max(POST_LIMITS.name).optional(),
  status: statusFlag.optional(),
});

export const postBody = z.object({
  postId: z.number().int().min(1).optional(),
  postCode: z
    .string({ error: 'post.code.not_empty' })
    .trim()
    .min(1, { error: 'post.code.not_empty' })
    .max(POST_LIMITS.code, { error: 'post.code.too-long' }),
  postName: z
    .string({ error: 'post.name.not_empty' })
    .trim()
    .min(1, { error: 'post.name.not_empty' })
    .max(POST_LIMITS.name, { error: 'post.name.too-long' }),
  postSort: z.coerce
    .number({ error: 'post.sort.invalid' })
    .int({ error: 'post.sort.invalid' })
    .min(0)
    .max(9999),
  status: statusFlag.optional(),
  remark: optionalText(500, 'validation.too-long'),
});
export type PostBody = z.infer<typeof postBody>;

/**
 * A role's data scope (the original's `data_scope`): 1 all, 2 the departments chosen, 3 the
 * person's own department, 4 it and those below, 5 only the person's own data.
 */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export const DATA_SCOPE_CUSTOM = '2';

export const roleDataScopeBody = z.object({
  roleId: z.coerce.number().int().min(1),
  dataScope: z.enum(DATA_SCOPES),
  deptIds: z.array(z.number().int().min(1)).max(10_000).optional(),
  deptCheckStrictly: z.boolean().optional(),
});
export type RoleDataScopeBody = z.infer<typeof roleDataScopeBody>;
