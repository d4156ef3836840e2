import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN } from './limits.ts';
import type { PasswordPolicy } from './password-policy.ts';

const account = z
  .string({ error: 'user.name.not_empty' })
  .trim()
  .min(1, { error: 'user.name.not_empty' })
  .min(LIMITS.account.min, { error: 'user.account.size.exception' })
  .max(LIMITS.account.max, { error: 'user.account.size.exception' });

export const password = z
  .string({ error: 'user.password.not_empty' })
  .min(1, { error: 'user.password.not_empty' })
  .min(LIMITS.password.min, { error: 'user.password.size.exception' })
  .max(LIMITS.password.max, { error: 'user.password.size.exception' });

export const phoneNumber = z
  .string({ error: 'user.phone_number.not_empty' })
  .trim()
  .min(1, { error: 'user.phone_number.not_empty' })
  .min(LIMITS.phone.min, { error: 'user.phone.size.exception' })
  .max(LIMITS.phone.max, { error: 'user.phone.size.exception' })
  .regex(PHONE_PATTERN, { error: 'user.mobile.phone.number.not.valid' });

export const email = z
  .string()
  .trim()
  .max(LIMITS.email.max, { error: 'user.email.not.valid' })
  .regex(EMAIL_PATTERN, { error: 'user.email.not.valid' });

export const loginBody = z.object({
  username: z.string({ error: 'user.name.not_empty' }).trim().min(1, { error: 'user.name.not_empty' }),
  password: z.string({ error: 'user.password.not_empty' }).min(1, { error: 'user.password.not_empty' }),
  code: z.string().optional(),
  uuid: z.string().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    username: account,
    password,
    confirmPassword: z.string().optional(),
    phoneNumber,
    nickName: z.string().trim().max(LIMITS.nickName.max).optional(),
    code: z.string().optional(),
    uuid: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    error: 'user.password.differ',
    path: ['confirmPassword'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

/** The password policy as `GET /passwordPolicy` answers it (anonymous: the registration page reads it). */
export const passwordPolicy = z.object({
  minLength: z.number().int(),
  requireLetter: z.boolean(),
  requireDigit: z.boolean(),
}) satisfies z.ZodType<PasswordPolicy>;

export interface CaptchaResponse {
  code: number;
  msg: string;
  captchaEnabled: boolean;
  registerEnabled: boolean;
  uuid?: string;
  img?: string;
}

export interface LoginResponse {
  code: number;
  msg: string;
  token: string;
}

/** The layout settings drawer's values; every one optional so older saves stay valid. */
export const uiSettings = z
  .object({
    theme: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    sideTheme: z.enum(['theme-light', 'theme-dark']),
    /** Light, dark, or following the system's choice (1.0's theme mode). */
    themeMode: z.enum(['light', 'dark', 'system']),
    topNav: z.boolean(),
    tagsView: z.boolean(),
    fixedHeader: z.boolean(),
    sidebarLogo: z.boolean(),
    dynamicTitle: z.boolean(),
    /** The keyboard: on or off, and the person's own letters (command id -> letter) over the defaults. */
    shortcutsEnabled: z.boolean(),
    keyMap: z
      .record(z.string().max(64), z.string().regex(/^[a-z0-9]$/))
      .refine((map) => Object.keys(map).length <= 100),
  })
  .partial()
  .strict();
export type UiSettings = z.infer<typeof uiSettings>;

export const userConfig = z.object({
  userConfigId: z.number().nullable(),
  userId: z.number(),
  currentTeamId: z.number().nullable(),
  currentProjectId: z.number().nullable(),
  lifeContent: z.string().nullable(),
  /** The person's language and layout settings, kept so they follow them to another browser. */
  lang: z.enum(['zh_CN', 'en_US']).nullable().optional(),
  uiSettings: uiSettings.nullable().optional(),
  /** The current team or project locked by the administrator, and why (1.0 §13.8; /getInfo only). */
  currentTeamLock: z.boolean().optional(),
  currentTeamLockRemark: z.string().nullable().optional(),
  currentProjectLock: z.boolean().optional(),
  currentProjectLockRemark: z.string().nullable().optional(),
});
export type UserConfig = z.infer<typeof userConfig>;

export const userConfigBody = z.object({
  currentTeamId: z.coerce.number().int().min(0).nullable().optional(),
  currentProjectId: z.coerce.number().int().min(0).nullable().optional(),
  lifeContent: z.string().max(20_000).nullable().optional(),
  /** null forgets the saved choice (each browser then keeps its own). */
  lang: z.enum(['zh_CN', 'en_US']).nullable().optional(),
  uiSettings: uiSettings.nullable().optional(),
});
export type UserConfigBody = z.infer<typeof userConfigBody>;

export const routerMeta = z.object({
  title: z.string(),
  /** A key of the original client's language files, or null (it then shows `title`). */
  titleI18nKey: z.string().nullable(),
  /** The menu name's key in Buglet's language files (every seeded menu has one). */
  i18nKey: z.string().nullable().optional(),
  icon: z.string().nullable(),
  noCache: z.boolean(),
  link: z.string().nullable(),
  /**
   * A page the original's web client does not have: for that client the record is hidden and has
   * no component (so it loads nothing); Buglet's client reads the page and visibility from here.
   */
  buglet: z.object({ component: z.string(), hidden: z.boolean() }).optional(),
});

/** A route as /getRouters answers it (see routerMeta.buglet), and as Buglet's client reads it. */
export interface RouterRecordOnWire extends Omit<RouterRecord, 'component' | 'children'> {
  component: string | null;
  children?: RouterRecordOnWire[];
}

export interface RouterRecord {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  query?: string | null;
  alwaysShow?: boolean;
  meta: z.infer<typeof routerMeta>;
  children?: RouterRecord[];
}

/**
 * The caller's own password confirming a delete of a team or a project: JSON `{password}`, or, as
 * the original's client sends it, the body's raw text (or a `password=` form). None given is a
 * wrong password, not an invalid request.
 */
export const passwordConfirmBody = z.union([z.object({ password: z.string().nullish() }), z.string()]);

export const updatePasswordQuery = z.object({
  oldPassword: z.string({ error: 'user.password.not_empty' }).min(1, { error: 'user.password.not_empty' }),
  newPassword: password,
});
