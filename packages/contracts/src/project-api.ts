import { z } from 'zod';
import { DEFECT_LEVELS, DEFECT_STATE_NAMES, DEFECT_TYPES } from './defect.ts';

/** The Open API's key header (the original's); a leading `Bearer ` is ignored. */
export const API_KEY_HEADER = 'CAT2BUG-API-KEY';
/** The original's key: yyyyMMddHHmmss then 16 of [0-9A-Z]. */
export const API_KEY_PATTERN = /^\d{14}[0-9A-Za-z]{16}$/;
/** How much of a key is its public id (listed, used in paths): the timestamp and four more. */
export const API_ID_LENGTH = 18;
export const API_NAME_MAX = 30;

/**
 * A key as the management routes take it: its public id, or the whole key (the original's web
 * client knows a key only whole), which stands for its public id there.
 */
export const publicApiId = (text: string) =>
  API_KEY_PATTERN.test(text) ? text.slice(0, API_ID_LENGTH) : text;
export const apiIdText = z.string().min(1).max(32).transform(publicApiId);
export const API_WHITE_LIST_MAX = 50;

/**
 * What a key may do, by area (the 1.0 Open API's `features`); a key with none listed may do all.
 * `report.push` is the original's one live endpoint.
 */
export const API_CAPABILITIES = {
  defect: [
    'list',
    'query',
    'create',
    'update',
    'delete',
    'assign',
    'reject',
    'repair',
    'pass',
    'close',
    'open',
  ],
  case: ['list', 'query', 'create', 'update', 'delete'],
  /** Buglet's: test results from CI into a plan (POST /api/plan/results). */
  plan: ['results'],
  deliverable: ['list', 'query', 'create'],
  file: ['upload'],
  project: ['info', 'members'],
  report: ['push'],
} as const;
export type ApiArea = keyof typeof API_CAPABILITIES;
export type ApiCapability = {
  [A in ApiArea]: `${A}:${(typeof API_CAPABILITIES)[A][number]}`;
}[ApiArea];
export type ApiFeatures = Partial<Record<ApiArea, string[]>>;

/** An IPv4 or IPv6 address, optionally a CIDR range (`10.0.0.0/8`, `2001:db8::/32`). */
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]*:[0-9a-fA-F:.]*$/;
export function isAddressRule(rule: string): boolean {
  const [address = '', bits, extra] = rule.split('/');
  if (extra !== undefined) return false;
  const isV4 = IPV4.test(address);
  if (!isV4 && !IPV6.test(address)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (isV4 ? 32 : 128);
}

const apiName = z
  .string({ error: 'api.name.required' })
  .trim()
  .min(1, { error: 'api.name.required' })
  .max(API_NAME_MAX, { error: 'api.name.too-long' });
const whiteList = z
  .array(z.string().trim().refine(isAddressRule, { error: 'api.white-list.invalid' }), {
    error: 'api.white-list.invalid',
  })
  .max(API_WHITE_LIST_MAX, { error: 'api.white-list.too-many' });
/** A date (the original's picker) or a date and time; null: never. */
const expireTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: 'api.expire.invalid' })
  .nullable();
const features = z
  .record(z.string(), z.array(z.string()))
  .refine(
    (f) =>
      Object.entries(f).every(
        ([area, actions]) =>
          area in API_CAPABILITIES &&
          actions.every((a) => (API_CAPABILITIES[area as ApiArea] as readonly string[]).includes(a)),
      ),
    { error: 'api.features.invalid' },
  )
  .nullable();

export const projectApiCreateBody = z.object({
  projectId: z.number().int().min(1),
  apiName,
  whiteList: whiteList.optional(),
  expireTime: expireTime.optional(),
  remark: z.string().max(255).nullable().optional(),
  enabled: z.boolean().optional(),
  features: features.optional(),
  /** A project member who handles what the key pushes without a handler; null: nobody. */
  defaultHandlerId: z.number().int().min(1).nullable().optional(),
});

export const projectApiUpdateBody = z.object({
  apiId: apiIdText,
  apiName: apiName.optional(),
  whiteList: whiteList.nullable().optional(),
  expireTime: expireTime.optional(),
  remark: z.string().max(255).nullable().optional(),
  enabled: z.boolean().optional(),
  features: features.optional(),
  defaultHandlerId: z.number().int().min(1).nullable().optional(),
});

export const projectApi = z.object({
  /**
   * The key's public id, its first 18 characters; or the whole key, from its creation until its
   * first call or for 24 hours (`keyShownUntil`), so the original's client can copy it from its list.
   */
  apiId: z.string(),
  /** While the whole key is listed: when that stops (unless the key is used first). */
  keyShownUntil: z.string().nullable().optional(),
  projectId: z.number(),
  apiName: z.string(),
  whiteList: z.array(z.string()),
  expireTime: z.string().nullable(),
  remark: z.string().nullable(),
  enabled: z.boolean(),
  features: z.record(z.string(), z.array(z.string())).nullable(),
  lastUsedTime: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  createTime: z.string(),
  createBy: z.string().nullable(),
  defaultHandlerId: z.number().nullable(),
  defaultHandlerName: z.string().nullable(),
  /** Its calls refused since its last accepted one: a key that keeps failing is marked. */
  refusedInRow: z.number(),
  /** Only in the answer to the create: the key itself. */
  apiKey: z.string().optional(),
});
export type ProjectApi = z.infer<typeof projectApi>;

/** A refused call of a key, as its page lists them (the newest 50 are kept). */
export const apiRefusal = z.object({
  refusalId: z.number(),
  method: z.string(),
  url: z.string(),
  ipaddr: z.string().nullable(),
  code: z.number(),
  reason: z.string().nullable(),
  createTime: z.string(),
});
export type ApiRefusal = z.infer<typeof apiRefusal>;

/** Refused calls in a row from which a key is marked as failing on its page. */
export const API_FAILING_IN_ROW = 5;

/** A state by name or by its number (the original accepts both). */
const pushState = z.union([
  z.enum(DEFECT_STATE_NAMES),
  z.number().int().min(0).max(4),
  z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.enum(DEFECT_STATE_NAMES)),
]);
const pushLevel = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(DEFECT_LEVELS, { error: 'api.push.level.invalid' }));
const pushType = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(DEFECT_TYPES, { error: 'api.push.type.invalid' }));

export const PUSH_NAME_MAX = 128;
export const PUSH_DESCRIBE_MAX = 65_536;
/** The longest description a push may send: cut to PUSH_DESCRIBE_MAX (head and tail) when filed. */
export const PUSH_DESCRIBE_ACCEPTED = 2_000_000;
export const PUSH_ITEMS_MAX = 1000;

/** One defect of a pushed report (Cat2Bug-JLog, Cat2Bug-JUnit); `groupKey`/`key` as the public docs spell them. */
export const pushedDefect = z.object({
  defectName: z.string().nullish(),
  defectDescribe: z.string().max(PUSH_DESCRIBE_ACCEPTED).nullish(),
  defectType: pushType.nullish(),
  defectState: pushState.nullish(),
  defectLevel: pushLevel.nullish(),
  moduleVersion: z.string().max(128).nullish(),
  defectGroupKey: z.string().max(512).nullish(),
  defectKey: z.string().max(1024).nullish(),
  groupKey: z.string().max(512).nullish(),
  key: z.string().max(1024).nullish(),
  imgUrls: z.string().max(5000).nullish(),
  annexUrls: z.string().max(5000).nullish(),
  /** The item's own handlers (older log reporters send no report-level `handler`); `[null]`: none. */
  handleByList: z.array(z.string().max(64).nullable()).max(50).nullish(),
  /** The project's own fields by key (1.0 §13.2), for a defect the push makes. */
  customFields: z.record(z.string().max(64), z.unknown()).nullish(),
});
export type PushedDefect = z.infer<typeof pushedDefect>;

export const reportPushBody = z.object({
  reportTitle: z
    .string({ error: 'api.push.title.required' })
    .trim()
    .min(1, { error: 'api.push.title.required' })
    .max(512),
  /** Epoch milliseconds or a date string. */
  reportTime: z.union([z.number(), z.string()]).nullish(),
  reportDescription: z.string().max(PUSH_DESCRIBE_MAX).nullish(),
  reportKey: z.string().max(512).nullish(),
  /** The account of the project member who handles the pushed defects. */
  handler: z.string().max(64).nullish(),
  reportData: z.array(pushedDefect).max(PUSH_ITEMS_MAX, { error: 'api.push.too-many' }).nullish(),
});
export type ReportPushBody = z.infer<typeof reportPushBody>;
