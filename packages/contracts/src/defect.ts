import { z } from 'zod';
import { PAGE_SIZE_MAX, pageSizeUpTo } from './envelope.ts';

/** Defect enums with the original's wire names and numbers (states and log types travel as numbers/names). */

export const DEFECT_TYPES = ['BUG', 'TASK', 'DEMAND'] as const;
export type DefectType = (typeof DEFECT_TYPES)[number];

export const DEFECT_LEVELS = ['urgent', 'height', 'middle', 'low'] as const;
export type DefectLevel = (typeof DEFECT_LEVELS)[number];

/** Ordinals are the wire values; PROCESSING is shown as "Pending". RESOLVED only comes from imports. */
export const DefectState = { PROCESSING: 0, AUDIT: 1, RESOLVED: 2, REJECTED: 3, CLOSED: 4 } as const;
export type DefectState = (typeof DefectState)[keyof typeof DefectState];
export const DEFECT_STATE_NAMES = ['PROCESSING', 'AUDIT', 'RESOLVED', 'REJECTED', 'CLOSED'] as const;

export const DefectLogType = {
  CREATE: 0,
  ASSIGN: 1,
  REJECT: 2,
  PASS: 3,
  REJECTED: 4,
  REPAIR: 5,
  CLOSED: 6,
  OPEN: 7,
  UPDATE: 8,
  IMPORT: 9,
  DELETE: 10,
  RESTORE: 11,
  /**
   * A note written by hand (`POST /system/log`). Every other entry is written by the workflow and
   * is never changed afterwards; a note may be edited or deleted by its author only.
   */
  NOTE: 12,
} as const;
export type DefectLogType = (typeof DefectLogType)[keyof typeof DefectLogType];

/** One entry of `GET /system/defect/state`. */
export const defectStateOption = z.object({ value: z.number(), name: z.string(), label: z.string() });

export const DEFECT_ACTIONS = ['assign', 'repair', 'pass', 'reject', 'close', 'open'] as const;
export type DefectAction = (typeof DEFECT_ACTIONS)[number];

/** The states each workflow action may start from (the server's rule; boards grey out the rest). */
export const DEFECT_ACTION_FROM: Record<DefectAction, readonly DefectState[]> = {
  assign: [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED],
  repair: [DefectState.PROCESSING, DefectState.REJECTED],
  pass: [DefectState.AUDIT],
  reject: [DefectState.AUDIT],
  close: [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED, DefectState.RESOLVED],
  open: [DefectState.CLOSED, DefectState.RESOLVED],
};
/** The permission each action needs. */
export const DEFECT_ACTION_PERMISSION: Record<DefectAction, string> = {
  assign: 'system:defect:assign',
  repair: 'system:defect:repair',
  pass: 'system:defect:pass',
  reject: 'system:defect:reject',
  close: 'system:defect:close',
  open: 'system:defect:open',
};

/**
 * The action a move of a card between two state columns means (a fix sent for review, passed or
 * rejected, a close, a reopen); undefined when no action leads there from that state.
 */
export function boardAction(from: DefectState, to: DefectState): DefectAction | undefined {
  const candidates: Partial<Record<DefectState, DefectAction[]>> = {
    [DefectState.AUDIT]: ['repair'],
    [DefectState.CLOSED]: ['pass', 'close'],
    [DefectState.REJECTED]: ['reject'],
    [DefectState.PROCESSING]: ['open'],
  };
  return candidates[to]?.find((action) => DEFECT_ACTION_FROM[action].includes(from));
}

/** An upload's path as the server hands it out (`/profile/upload/…`): nothing else is linked. */
export const UPLOAD_PATH = /^\/profile\/[\w\-./]+$/;
/** Comma-separated `/profile/...` paths, as the original stores images and attachments. */
const urlList = (max: number, key: 'defect.images.too-many' | 'defect.annexes.too-many') =>
  z
    .string()
    .max(5000)
    .refine((v) => v === '' || v.split(',').every((p) => UPLOAD_PATH.test(p.trim()) && !p.includes('..')), {
      error: 'defect.url.invalid',
    })
    .refine((v) => v === '' || v.split(',').length <= max, { error: key })
    .nullable()
    .optional();
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: 'defect.time.invalid' })
  .nullable()
  .optional();

/** Blank, null or left out: the field is missing (1.0 applies its default then, on every path). */
export const blankAsMissing = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
/** 1.0's defaults (§13.3): a defect whose type, level or state is not given is a pending, middle BUG. */
export const DEFECT_DEFAULTS = { defectType: 'BUG', defectLevel: 'middle', defectState: 0 } as const;
const defectType = z.enum(DEFECT_TYPES, { error: 'defect.type.invalid' });
const defectLevel = z.enum(DEFECT_LEVELS, { error: 'defect.level.invalid' });
export const SPONSOR_MAX = 128;

const defectFields = {
  /** Who asked for it, in words (a customer, a department): 1.0's "发起人". */
  sponsor: z.string().trim().max(SPONSOR_MAX, { error: 'defect.sponsor.too-long' }).nullable().optional(),
  defectName: z
    .string({ error: 'defect.name_not_empty' })
    .trim()
    .min(1, { error: 'defect.name_not_empty' })
    .max(1024, { error: 'defect.name.too-long' }),
  /** May be left out or empty (as in the original's own form); the Open API's push requires one. */
  defectDescribe: z.string().trim().max(65536, { error: 'defect.describe.too-long' }).nullable().optional(),
  handleBy: z
    .array(z.number().int().min(1), { error: 'defect.handler.required' })
    .min(1, { error: 'defect.handler.required' })
    .max(50),
  moduleId: z.number().int().min(0).nullable().optional(),
  moduleVersion: z.string().trim().max(128).nullable().optional(),
  imgUrls: urlList(5, 'defect.images.too-many'),
  annexUrls: urlList(5, 'defect.annexes.too-many'),
  planStartTime: dateTime,
  planEndTime: dateTime,
  caseId: z.number().int().min(1).nullable().optional(),
  /** The project's own fields (1.0 §13.2), by key: merged over what the defect has, checked by their definitions. */
  customFields: z
    .record(z.string().max(64), z.unknown())
    .refine((v) => Object.keys(v).length <= 100, { error: 'defect-field.too-many' })
    .nullable()
    .optional(),
};

export const defectCreateBody = z.object({
  projectId: z.number().int().min(1),
  ...defectFields,
  defectType: z.preprocess(blankAsMissing, defectType.default(DEFECT_DEFAULTS.defectType)),
  defectLevel: z.preprocess(blankAsMissing, defectLevel.default(DEFECT_DEFAULTS.defectLevel)),
});
/** Left out or blank keeps what the defect has. */
export const defectUpdateBody = z
  .object({ defectId: z.number().int().min(1) })
  .extend(z.object(defectFields).partial().shape)
  .extend({
    defectType: z.preprocess(blankAsMissing, defectType.optional()),
    defectLevel: z.preprocess(blankAsMissing, defectLevel.optional()),
  });

/** At most this many defects in one bulk request (a page of the grid at its largest). */
export const DEFECT_BULK_MAX = 1000;
export const DEFECT_BULK_ACTIONS = [
  'assign',
  'level',
  'version',
  'module',
  'close',
  'delete',
  'restore',
] as const;
export type DefectBulkAction = (typeof DEFECT_BULK_ACTIONS)[number];

/**
 * One change to many defects (`POST /system/defect/bulk`): each defect judged by the rules a
 * change of that one defect meets, the refused ones named with their reason and the rest done.
 */
export const defectBulkBody = z
  .object({
    projectId: z.number().int().min(1),
    defectIds: z
      .array(z.number().int().min(1), { error: 'defect.bulk.none' })
      .min(1, { error: 'defect.bulk.none' })
      .max(DEFECT_BULK_MAX, { error: 'defect.bulk.too-many' }),
    action: z.enum(DEFECT_BULK_ACTIONS, { error: 'defect.bulk.action' }),
    /** assign: the new handlers. */
    handleBy: z.array(z.number().int().min(1)).max(50).optional(),
    /** level */
    defectLevel: defectLevel.optional(),
    /** version: blank clears it. */
    moduleVersion: z.string().trim().max(128).nullable().optional(),
    /** module: 0 or null unlinks. */
    moduleId: z.number().int().min(0).nullable().optional(),
    /** The reason written into each history entry (assign, close). */
    defectLogDescribe: z.string().max(65536).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const missing =
      (b.action === 'assign' && !b.handleBy?.length) ||
      (b.action === 'level' && b.defectLevel === undefined) ||
      (b.action === 'version' && b.moduleVersion === undefined) ||
      (b.action === 'module' && b.moduleId === undefined);
    if (missing) ctx.addIssue({ code: 'custom', message: `defect.bulk.value.${b.action}`, path: ['action'] });
  });

/** One defect's outcome in a bulk answer; `msg` says why it was refused. */
export const defectBulkRow = z.object({
  defectId: z.number(),
  projectNum: z.number().nullable(),
  ok: z.boolean(),
  msg: z.string().nullable(),
});
export const defectBulkAnswer = z.object({
  succeeded: z.number(),
  failed: z.number(),
  results: z.array(defectBulkRow),
});
export type DefectBulkAnswer = z.infer<typeof defectBulkAnswer>;

export const defectActionBody = z.object({
  receiveBy: z.array(z.number().int().min(1)).max(50).optional(),
  defectLogDescribe: z.string().max(65536).nullable().optional(),
});

export const commentBody = z.object({
  commentContent: z
    .string({ error: 'comment.content.required' })
    .trim()
    .min(1, { error: 'comment.content.required' })
    .max(1024, { error: 'comment.content.too-long' }),
  moduleType: z.literal('defect_log').optional(),
  correlationId: z.number().int().min(1),
  parentId: z.number().int().min(1).nullable().optional(),
});

export const DEFECT_LOG_DESCRIBE_MAX = 65536;
const logReceivers = z.array(z.number().int().min(1)).max(50).optional();

/** A hand-written history entry: always a NOTE, by the caller, now (the body cannot say otherwise). */
export const defectLogCreateBody = z.object({
  defectId: z.number().int().min(1),
  defectLogType: z
    .union([z.literal('NOTE'), z.literal(DefectLogType.NOTE)], { error: 'defect.log.manual-type' })
    .optional(),
  defectLogDescribe: z
    .string({ error: 'defect.log.describe.required' })
    .trim()
    .min(1, { error: 'defect.log.describe.required' })
    .max(DEFECT_LOG_DESCRIBE_MAX, { error: 'defect.log.describe.too-long' }),
  receiveBy: logReceivers,
});

/** Only the text and the people a note is addressed to can change; type, author and time cannot. */
export const defectLogUpdateBody = z.object({
  defectLogId: z.number().int().min(1),
  defectLogDescribe: defectLogCreateBody.shape.defectLogDescribe.optional(),
  receiveBy: logReceivers,
});

export const defectLogListQuery = z.object({
  defectId: z.coerce.number().int().min(1),
  /** A type by name (`REPAIR`) or number. */
  defectLogType: z.string().max(12).optional(),
  /** Entries addressed to this person. */
  receiveBy: z.coerce.number().int().min(1).optional(),
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: pageSizeUpTo(PAGE_SIZE_MAX).optional(),
});

export const commentUpdateBody = z.object({
  commentId: z.number().int().min(1),
  commentContent: commentBody.shape.commentContent,
});

/** Comments of one history entry (`correlationId`), or of every entry of one defect. */
export const commentListQuery = z
  .object({
    moduleType: z.literal('defect_log').optional(),
    correlationId: z.coerce.number().int().min(1).optional(),
    defectId: z.coerce.number().int().min(1).optional(),
    createById: z.coerce.number().int().min(1).optional(),
    pageNum: z.coerce.number().int().min(1).optional(),
    pageSize: pageSizeUpTo(PAGE_SIZE_MAX).optional(),
  })
  .refine((q) => q.correlationId !== undefined || q.defectId !== undefined, {
    error: 'comment.list.subject-required',
  });

export const userSummary = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string().nullable(),
});

export const creatorSummary = userSummary.extend({ isApiKey: z.boolean() });
export type CreatorSummary = z.infer<typeof creatorSummary>;

export const defectSeen = z.object({
  occurrences: z.number(),
  firstSeenTime: z.string(),
  lastSeenTime: z.string(),
  lastVersion: z.string().nullable(),
});
export type DefectSeen = z.infer<typeof defectSeen>;

export const defect = z.object({
  defectId: z.number(),
  projectId: z.number(),
  projectNum: z.number(),
  defectType: z.string(),
  defectTypeName: z.string(),
  defectState: z.number(),
  defectStateName: z.string(),
  defectName: z.string(),
  defectDescribe: z.string().nullable(),
  defectLevel: z.string(),
  moduleId: z.number().nullable(),
  moduleName: z.string().nullable(),
  moduleVersion: z.string().nullable(),
  /** Who asked for it, in words (1.0's 发起人). */
  sponsor: z.string().nullable(),
  handleBy: z.array(z.number()),
  handleByList: z.array(userSummary),
  imgUrls: z.string().nullable(),
  annexUrls: z.string().nullable(),
  planStartTime: z.string().nullable(),
  planEndTime: z.string().nullable(),
  caseId: z.number().nullable(),
  /** The project's own fields by key (1.0 §13.2); empty when it has none. */
  customFields: z.record(z.string(), z.unknown()).optional(),
  createBy: z.string().nullable(),
  createById: z.number(),
  /**
   * Who reported it, shown by one rule (nickname, else account): a person, or an API key (a
   * reporter's push) by the key's name. Null when the account is gone.
   */
  creator: creatorSummary.nullable().optional(),
  updateBy: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  collect: z.boolean(),
  actions: z.array(z.enum(DEFECT_ACTIONS)).optional(),
  /**
   * A defect a reporter pushed: how often the failure was pushed (a fold counts, it does not touch
   * `updateTime`), when first and last, and the version it was last seen in; null otherwise.
   */
  seen: defectSeen.nullable().optional(),
  /** Who has it open now (the view only). */
  focusList: z.array(userSummary).optional(),
  /** The original drawer's project, and the current round of handling (original-backend §6.6). */
  projectName: z.string().nullable().optional(),
  handleStartTime: z.string().nullable().optional(),
  /** When the round was passed; null while it is not (the original's drawer then counts to now). */
  handlePassTime: z.string().nullable().optional(),
  rejectCount: z.number().optional(),
});
export type Defect = z.infer<typeof defect>;

export const SHARE_AGING_HOURS = [0, 1, 24, 168] as const;
export const shareBody = z.object({
  agingHour: z.union(
    SHARE_AGING_HOURS.map((h) => z.literal(h)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]],
    {
      error: 'share.aging.invalid',
    },
  ),
  password: z
    .string()
    .regex(/^\d{4}$/, { error: 'share.password.format' })
    .nullable()
    .optional()
    .or(z.literal('')),
  defaultLang: z.enum(['zh_CN', 'en_US']).nullable().optional(),
});

/** The statistics panels of the defect page, by the names the original stores in a template. */
export const STATISTIC_PANELS = [
  'DefectType',
  'DefectState',
  'DefectModule',
  'DefectMemberOnline',
  'MyLife',
  // 1.0's panels v2 (original-ui §7.6).
  'MyOpenTodoGauge',
  'TeamOpenWorkloadBar',
  'MyParticipationHeatmap',
  'TeamDefectStateTrend',
  'TeamMemberDefectTrend',
] as const;
export type StatisticPanel = (typeof STATISTIC_PANELS)[number];
/** A layout: the panels shown, in order, each with the original's optional extras. */
export const statisticTemplateConfig = z
  .array(z.looseObject({ name: z.enum(STATISTIC_PANELS) }))
  .max(STATISTIC_PANELS.length * 2);
export const STATISTIC_MODULE_DEFECT = 1;
export const statisticTemplateBody = z.object({
  statisticTemplateId: z.number().int().min(1).optional(),
  statisticTemplatCode: z.string().max(255).nullable().optional(),
  moduleType: z.literal(STATISTIC_MODULE_DEFECT).default(STATISTIC_MODULE_DEFECT),
  projectId: z.number().int().min(1),
  /** Ignored: a layout is always the caller's own. */
  userId: z.number().int().optional(),
  /** A JSON text, as the original sends it. */
  statisticTemplatConfig: z
    .string({ error: 'statistic.config.invalid' })
    .max(10_000, { error: 'statistic.config.invalid' }),
});
