import { z } from 'zod';
import { email, password, phoneNumber } from './auth.ts';
import { LIMITS } from './limits.ts';
import { PASSWORD_POLICY_KEYS } from './password-policy.ts';

const statusFlag = z.enum(['0', '1']);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const roleSummary = z.object({
  roleId: z.number(),
  roleName: z.string(),
  roleKey: z.string(),
  roleSort: z.number(),
  status: z.string(),
  isTeamRole: z.boolean(),
  isProjectRole: z.boolean(),
  roleNameI18nKey: z.string().nullable(),
  /**
   * The original's computed flags (SysRole JSON), by the role ids its clients hard-wire: the
   * super administrator (1), project administrator (6), project creator (11), team creator (12).
   * Its member dialogs pick default roles by them.
   */
  admin: z.boolean(),
  projectAdmin: z.boolean(),
  projectCreateBy: z.boolean(),
  teamCreateBy: z.boolean(),
  /** Whether the user in question holds the role (false where no user is in question). */
  flag: z.boolean(),
});
export type RoleSummary = z.infer<typeof roleSummary>;

export const role = roleSummary.extend({
  dataScope: z.string().nullable(),
  menuCheckStrictly: z.boolean(),
  deptCheckStrictly: z.boolean(),
  remark: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type Role = z.infer<typeof role>;

/** The public face of a user: never the password hash. */
export const user = z.object({
  userId: z.number(),
  deptId: z.number().nullable(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  sex: z.string().nullable(),
  avatar: z.string().nullable(),
  status: z.string(),
  delFlag: z.string(),
  loginIp: z.string().nullable(),
  loginDate: z.string().nullable(),
  createTime: z.string().nullable(),
  remark: z.string().nullable(),
  dingUserId: z.string().nullable(),
  wechatUserId: z.string().nullable(),
  admin: z.boolean(),
  roles: z.array(roleSummary).optional(),
  /** The person's department (lists and exports), as the original's `dept`. */
  dept: z
    .object({ deptId: z.number(), deptName: z.string(), leader: z.string().nullable() })
    .nullable()
    .optional(),
  /** Two-factor sign-in is on (the admin user list, for its reset action). */
  totpEnabled: z.boolean().optional(),
});
export type User = z.infer<typeof user>;

export const userListQuery = z.object({
  userName: z.string().optional(),
  nickName: z.string().optional(),
  phoneNumber: z.string().optional(),
  status: statusFlag.optional(),
  /** A department and everything below it. */
  deptId: z.coerce.number().int().min(0).optional(),
});

const userFields = {
  nickName: z
    .string({ error: 'user.nick-name.not_empty' })
    .trim()
    .min(1, { error: 'user.nick-name.not_empty' })
    .max(LIMITS.nickName.max, { error: 'user.nick-name.size.exception' }),
  email: email.nullable().optional().or(z.literal('')),
  phoneNumber,
  sex: z.enum(['0', '1', '2']).nullable().optional(),
  status: statusFlag.optional(),
  remark: optionalText(500),
  roleIds: z.array(z.number().int()).optional(),
  deptId: z.number().int().min(0).nullable().optional(),
  postIds: z.array(z.number().int()).max(100).optional(),
};

export const userCreateBody = z.object({
  userName: z
    .string({ error: 'user.name.not_empty' })
    .trim()
    .min(LIMITS.account.min, { error: 'user.account.size.exception' })
    .max(LIMITS.account.max, { error: 'user.account.size.exception' }),
  password,
  ...userFields,
});
export const userUpdateBody = z.object({ userId: z.number().int(), ...userFields });
export const resetPasswordBody = z.object({ userId: z.number().int(), password });
export const changeStatusBody = z.object({ userId: z.number().int(), status: statusFlag });
export const profileBody = z.object({
  nickName: userFields.nickName,
  email: userFields.email,
  phoneNumber,
  sex: userFields.sex,
  dingUserId: optionalText(LIMITS.imUserId.max),
  wechatUserId: optionalText(LIMITS.imUserId.max),
});

export const roleBody = z.object({
  roleId: z.number().int().optional(),
  roleName: z.string().trim().min(1, { error: 'role.name.not_empty' }).max(30),
  roleKey: z.string().trim().min(1, { error: 'role.key.not_empty' }).max(100),
  roleSort: z.coerce.number().int().min(0),
  status: statusFlag.optional(),
  isTeamRole: z.boolean().optional(),
  isProjectRole: z.boolean().optional(),
  roleNameI18nKey: optionalText(64),
  remark: optionalText(500),
  menuIds: z.array(z.number().int()).optional(),
});

export const menu = z.object({
  menuId: z.number(),
  menuName: z.string(),
  menuNameI18nKey: z.string().nullable(),
  parentId: z.number(),
  orderNum: z.number(),
  path: z.string().nullable(),
  component: z.string().nullable(),
  query: z.string().nullable(),
  isFrame: z.string(),
  isCache: z.string(),
  menuType: z.enum(['M', 'C', 'F']),
  visible: z.string(),
  status: z.string(),
  perms: z.string().nullable(),
  icon: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type Menu = z.infer<typeof menu>;

export const menuBody = z.object({
  menuId: z.number().int().optional(),
  menuName: z.string().trim().min(1, { error: 'menu.name.not_empty' }).max(50),
  menuNameI18nKey: optionalText(64),
  parentId: z.coerce.number().int().min(0),
  orderNum: z.coerce.number().int().min(0),
  path: optionalText(200),
  component: optionalText(255),
  query: optionalText(255),
  isFrame: z.enum(['0', '1']).optional(),
  isCache: z.enum(['0', '1']).optional(),
  menuType: z.enum(['M', 'C', 'F']),
  visible: statusFlag.optional(),
  status: statusFlag.optional(),
  perms: optionalText(100),
  icon: optionalText(100),
});

export interface TreeNode {
  id: number;
  label: string;
  labelI18nKey?: string | null;
  children?: TreeNode[];
}

export const dictType = z.object({
  dictId: z.number(),
  dictName: z.string(),
  dictType: z.string(),
  status: z.string(),
  remark: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type DictType = z.infer<typeof dictType>;

export const dictTypeBody = z.object({
  dictId: z.number().int().optional(),
  dictName: z.string().trim().min(1, { error: 'dict.name.not_empty' }).max(100),
  dictType: z
    .string()
    .trim()
    .min(1, { error: 'dict.type.not_empty' })
    .max(100)
    .regex(/^[a-z][a-z0-9_]*$/, { error: 'dict.type.invalid' }),
  status: statusFlag.optional(),
  remark: optionalText(500),
});

export const dictData = z.object({
  dictCode: z.number(),
  dictSort: z.number(),
  dictLabel: z.string(),
  dictValue: z.string(),
  dictType: z.string(),
  cssClass: z.string().nullable(),
  listClass: z.string().nullable(),
  isDefault: z.string(),
  status: z.string(),
  remark: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type DictData = z.infer<typeof dictData>;

export const dictDataBody = z.object({
  dictCode: z.number().int().optional(),
  dictSort: z.coerce.number().int().min(0).optional(),
  dictLabel: z.string().trim().min(1, { error: 'dict.label.not_empty' }).max(100),
  dictValue: z.string().trim().min(1, { error: 'dict.value.not_empty' }).max(100),
  dictType: z.string().trim().min(1, { error: 'dict.type.not_empty' }).max(100),
  cssClass: optionalText(100),
  listClass: optionalText(100),
  isDefault: z.enum(['Y', 'N']).optional(),
  status: statusFlag.optional(),
  remark: optionalText(500),
});

export const config = z.object({
  configId: z.number(),
  configName: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  configType: z.string(),
  remark: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type Config = z.infer<typeof config>;

export const configBody = z.object({
  configId: z.number().int().optional(),
  configName: z.string().trim().min(1, { error: 'config.name.not_empty' }).max(100),
  configKey: z.string().trim().min(1, { error: 'config.key.not_empty' }).max(100),
  configValue: z.string().max(500),
  configType: z.enum(['Y', 'N']).optional(),
  remark: optionalText(500),
});

/** Config keys the platform reads. */
export const CONFIG_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
  registerUser: 'sys.account.registerUser',
  initPassword: 'sys.member.initPassword',
  blackIpList: 'sys.login.blackIPList',
  sideTheme: 'sys.index.sideTheme',
  skinName: 'sys.index.skinName',
  /** Ranges (CIDR, comma-separated) that addresses set in projects may reach although internal. */
  outboundAllowRanges: 'sys.outbound.allowRanges',
  /** Models (comma-separated) project administrators may pull onto the platform's AI server. */
  aiPlatformModels: 'sys.ai.platformModels',
} as const;

/**
 * The settings anyone signed in may read by key (`/system/config/configKey/{key}`): what the web
 * clients need to draw their pages. Every other record (the initial password of new accounts,
 * the block list, the outbound ranges…) is read by the settings' administrators only.
 */
export const PUBLIC_CONFIG_KEYS: ReadonlySet<string> = new Set([
  CONFIG_KEYS.captchaEnabled,
  CONFIG_KEYS.registerUser,
  CONFIG_KEYS.sideTheme,
  CONFIG_KEYS.skinName,
  ...Object.values(PASSWORD_POLICY_KEYS),
]);

export const loginLog = z.object({
  infoId: z.number(),
  userName: z.string(),
  ipaddr: z.string().nullable(),
  loginLocation: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  status: z.string(),
  msg: z.string().nullable(),
  loginTime: z.string(),
});
export type LoginLog = z.infer<typeof loginLog>;

export const onlineSession = z.object({
  tokenId: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  ipaddr: z.string().nullable(),
  loginLocation: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  loginTime: z.string(),
});
export type OnlineSession = z.infer<typeof onlineSession>;

export interface UploadResponse {
  code: number;
  msg: string;
  url: string;
  fileName: string;
  newFileName: string;
  originalFilename: string;
  fileExtension: string;
}

export const screenShotBody = z.object({
  fileBody: z.string().regex(/^data:image\/(png|jpeg|jpg);base64,/, { error: 'upload.screen-shot.invalid' }),
  srcUrl: z.string().max(2000).nullable().optional(),
});
