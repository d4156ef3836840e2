import { z } from 'zod';
import { EMAIL_PATTERN } from './limits.ts';

export const NOTICE_GROUPS = ['defect', 'report', 'artificial'] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];

/** The six notice sounds, by the file names the original's clients store. */
export const NOTICE_SOUNDS = [
  'default.mp3',
  'diandingdong.mp3',
  'junhao.mp3',
  'huangshang.mp3',
  'shangxian.mp3',
  'shifu.mp3',
] as const;

const email = z.string().trim().max(50).regex(EMAIL_PATTERN, { error: 'notice.email.invalid' });

/** A user's notification settings in one project, in the original's JSON shape. */
export const imUserSettings = z.object({
  modules: z.object({
    defect: z.object({
      event: z.object({ receiver: z.boolean(), collect: z.boolean() }),
      option: z.object({ realtime: z.object({ switch: z.boolean() }) }),
    }),
  }),
  platforms: z.object({
    asystem: z.object({
      switch: z.boolean(),
      backgroundMusic: z.boolean(),
      backgroundMusicUrl: z.enum(NOTICE_SOUNDS, { error: 'notice.sound.invalid' }),
      panel: z.boolean(),
    }),
    bmail: z.object({ switch: z.boolean(), receiver: z.string().trim().max(50).optional().default('') }),
    ding: z.object({ switch: z.boolean(), userId: z.string().trim().max(64).optional().default('') }),
    wechat: z.object({ switch: z.boolean(), userId: z.string().trim().max(64).optional().default('') }),
  }),
  /** The language e-mail and chat messages are written in (the settings' author's). */
  lang: z.enum(['zh_CN', 'en_US']).optional(),
});
export type ImUserSettings = z.infer<typeof imUserSettings>;

/** Settings are refused when a switched-on channel lacks what it needs. */
export const imUserSettingsChecked = imUserSettings.superRefine((s, ctx) => {
  const mail = s.platforms.bmail;
  if (mail.switch && !email.safeParse(mail.receiver).success) {
    ctx.addIssue({
      code: 'custom',
      path: ['platforms', 'bmail', 'receiver'],
      message: 'notice.email.invalid',
    });
  }
});

/** Defaults for a user without saved settings: in-app on with the panel and the default sound, e-mail to their own address off. */
export function defaultImSettings(user: { email?: string | null }): ImUserSettings {
  return {
    modules: { defect: { event: { receiver: true, collect: true }, option: { realtime: { switch: true } } } },
    platforms: {
      asystem: { switch: true, backgroundMusic: true, backgroundMusicUrl: 'default.mp3', panel: true },
      bmail: { switch: false, receiver: user.email ?? '' },
      ding: { switch: false, userId: '' },
      wechat: { switch: false, userId: '' },
    },
  };
}

export const imConfigBody = z.object({
  imConfigId: z.number().int().optional().nullable(),
  projectId: z.number().int().min(1),
  memberId: z.number().int().optional(),
  config: imUserSettingsChecked,
});

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
const httpsUrl = z
  .string()
  .trim()
  .max(512)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v), { error: 'notice.ding.hook.invalid' });

/**
 * The chat platforms' secret parameters: never sent back to a client (it learns only which are
 * set), and kept as stored when a save leaves them out.
 */
export const PLATFORM_SECRETS = { ding: ['secret', 'clientSecret'], wechat: ['corpSecret'] } as const;

/** A project's DingTalk robot: the group robot's hook (signed with the secret) and the app robot. */
export const dingParams = z.object({
  keyword: optionalText(64),
  hook: httpsUrl.optional().default(''),
  secret: optionalText(128),
  clientId: optionalText(128),
  clientSecret: optionalText(128),
  robotCode: optionalText(128),
});
export const wechatParams = z
  .object({
    corpId: optionalText(64),
    agentId: z
      .union([z.string().trim().max(32), z.number()])
      .transform(String)
      .refine((v) => v === '' || /^\d+$/.test(v), { error: 'notice.wechat.agent.invalid' })
      .optional()
      .default(''),
    corpSecret: optionalText(128),
  })
  .refine(
    (p) =>
      [p.corpId, p.agentId, p.corpSecret].every((v) => v === '') ||
      [p.corpId, p.agentId, p.corpSecret].every((v) => v !== ''),
    {
      error: 'notice.wechat.incomplete',
    },
  );
export const projectImBody = z.object({
  projectId: z.number().int().min(1),
  /** A JSON text, as the original sends it. */
  configParams: z.string().max(4000),
});

export const mailConfigBody = z.object({
  host: z
    .string({ error: 'notice.mail.host.required' })
    .trim()
    .min(1, { error: 'notice.mail.host.required' })
    .max(255),
  port: z.coerce
    .number()
    .int()
    .min(1, { error: 'notice.mail.port.invalid' })
    .max(65535, { error: 'notice.mail.port.invalid' }),
  secure: z.boolean().default(false),
  user: z.string().trim().max(255).optional().default(''),
  password: z.string().max(255).optional(),
  from: email,
});

export const noticeSendBody = z.object({
  projectId: z.number().int().min(1),
  groupName: z.literal('artificial').default('artificial'),
  receiveIds: z
    .array(z.number().int().min(1), { error: 'notice.receivers.required' })
    .min(1, { error: 'notice.receivers.required' })
    .max(1000),
  title: z
    .string({ error: 'notice.title.required' })
    .trim()
    .min(1, { error: 'notice.title.required' })
    .max(255, { error: 'notice.title.too-long' }),
  content: z
    .string({ error: 'notice.content.required' })
    .trim()
    .min(1, { error: 'notice.content.required' })
    .max(65536),
  src: z.string().max(512).optional(),
});

/**
 * An announcement of the platform administrator (`POST /system/notice`, the original's
 * `system:notice:add`): to the people named, or to every active person when none is named.
 */
export const announcementBody = z.object({
  noticeTitle: noticeSendBody.shape.title,
  noticeContent: noticeSendBody.shape.content,
  /** The original's `sys_notice_type`: 1 notice, 2 announcement. */
  noticeType: z.enum(['1', '2']).default('2'),
  receiverId: z.number().int().min(1).optional(),
  receiverIds: z.array(z.number().int().min(1)).max(10_000).optional(),
});

/** Changes an announcement for everyone it went to; the notices the platform writes itself stay as written. */
export const announcementUpdateBody = z.object({
  noticeId: z.number().int().min(1),
  noticeTitle: noticeSendBody.shape.title.optional(),
  noticeContent: noticeSendBody.shape.content.optional(),
  /** The original's `sys_notice_status`: 0 normal, 1 closed. */
  status: z.enum(['0', '1']).optional(),
});
