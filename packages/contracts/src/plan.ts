import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/*
 * Test plans and their items, on the original's 1.0 wire (`/system/plan`, `/system/PlanItem`):
 * string UUID ids, a number per project, the three item states its clients know; what they do not
 * know (blocked, skipped, waiting for a retest) travels in `planItemResult`, a field of its own.
 */

export const PLAN_ITEM_STATES = ['pass', 'not_pass', 'unexecuted'] as const;
export type PlanItemState = (typeof PLAN_ITEM_STATES)[number];
export const PLAN_ITEM_RESULTS = ['blocked', 'skipped', 'retest'] as const;
export type PlanItemResult = (typeof PLAN_ITEM_RESULTS)[number];

export const PLAN_NAME_MAX = 255;
export const PLAN_REMARK_MAX = 1000;
/** The most cases one plan may hold (the picker and the benchmark's plan are 10,000). */
export const PLAN_ITEMS_MAX = 20_000;
export const PLAN_ACTUAL_MAX = 65_536;

/** A plan or item id: the original's 36-character UUID. */
export const planIdText = z
  .string({ error: 'plan.id.invalid' })
  .trim()
  .min(1, { error: 'plan.id.invalid' })
  .max(36, { error: 'plan.id.invalid' })
  .regex(/^[0-9a-fA-F-]+$/, { error: 'plan.id.invalid' });

const pad = (n: number) => String(n).padStart(2, '0');
/** Epoch milliseconds (what the original's plan dialog sends) as the wire's local date and time. */
const fromMillis = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
/** `yyyy-MM-dd[ HH:mm[:ss]]` or epoch milliseconds; empty or null: none. */
const planTime = z
  .union([
    z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?$/, { error: 'plan.time.invalid' }),
    z.number({ error: 'plan.time.invalid' }).int().min(0).max(253_402_214_400_000),
  ])
  .nullable()
  .optional()
  .transform((v) => (typeof v === 'number' ? fromMillis(v) : v === '' ? null : v));

const planItemRef = z.object({
  caseId: z.number({ error: 'plan.case.invalid' }).int().min(1, { error: 'plan.case.invalid' }),
  /** Sent by the original's dialog; the case's own deliverable is what counts. */
  moduleId: z.number().int().nullable().optional(),
});

const planFields = {
  planName: z
    .string({ error: 'plan.name.required' })
    .trim()
    .min(1, { error: 'plan.name.required' })
    .max(PLAN_NAME_MAX, { error: 'plan.name.too-long' }),
  planVersion: z.string().trim().max(PLAN_NAME_MAX, { error: 'plan.version.too-long' }).nullable().optional(),
  planStartTime: planTime,
  planEndTime: planTime,
  remark: z.string().trim().max(PLAN_REMARK_MAX, { error: 'plan.remark.too-long' }).nullable().optional(),
  reportId: z.number().int().min(1).nullable().optional(),
  sysPlanItemList: z.array(planItemRef).max(PLAN_ITEMS_MAX, { error: 'plan.items.too-many' }).optional(),
};

const timesInOrder = (p: { planStartTime?: string | null; planEndTime?: string | null }) =>
  !p.planStartTime || !p.planEndTime || p.planStartTime <= p.planEndTime;

export const planCreateBody = z
  .object({ projectId: z.number().int().min(1), ...planFields })
  .refine(timesInOrder, { error: 'plan.time.order', path: ['planEndTime'] });
export type PlanCreateBody = z.infer<typeof planCreateBody>;

/**
 * The original's update: the whole plan with its case list, items diffed by case. Unlike the
 * original, leaving the list out keeps the items (it deleted them all); an empty list empties it.
 */
export const planUpdateBody = z
  .object({ planId: planIdText })
  .extend(z.object(planFields).partial().shape)
  .refine(timesInOrder, { error: 'plan.time.order', path: ['planEndTime'] });
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

const optionalText = z.string().trim().max(PLAN_NAME_MAX).optional();
const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?$/, { error: 'plan.time.invalid' })
  .optional();

export const planListQuery = pageQuery.extend({
  /** Left out: the caller's current project. */
  projectId: z.coerce.number().int().min(1).optional(),
  planNumber: z.coerce.number().int().min(1).optional(),
  planName: optionalText,
  planVersion: optionalText,
  createById: z.coerce.number().int().min(1).optional(),
  updateById: z.coerce.number().int().min(1).optional(),
  reportId: z.coerce.number().int().min(1).optional(),
  params: z
    .object({
      /** `simple`: the list page's light list (the counts of items only). */
      dataType: z.string().max(16).optional(),
      beginPlanStartTime: day,
      endPlanStartTime: day,
      beginPlanEndTime: day,
      endPlanEndTime: day,
    })
    .optional(),
});
export type PlanListQuery = z.infer<typeof planListQuery>;

/** The eight quality metrics of 1.0's plan view, in its order (each a text: a rate, a density, hours). */
export const PLAN_QUALITY_METRICS = [
  'defectDiscoveryRate',
  'defectRepairRate',
  'defectDetectionRate',
  'defectSeverityRate',
  'defectRestartRate',
  'defectEscapeRate',
  'defectDensity',
  'defectRepairAvgHour',
] as const;

/** Metrics of a plan, counted in the database (the original's names). */
export const planMetrics = z.object({
  itemTotal: z.number(),
  passCount: z.number(),
  failCount: z.number(),
  unexecutedCount: z.number(),
  executedCount: z.number(),
  /** Buglet's: items blocked, skipped, waiting for a retest (each also counted as not run). */
  blockedCount: z.number(),
  skippedCount: z.number(),
  retestCount: z.number(),
  defectCount: z.number(),
  defectProcessingStateCount: z.number(),
  defectAuditStateCount: z.number(),
  defectRejectedStateCount: z.number(),
  defectCloseStateCount: z.number(),
  defectLevelUrgentCount: z.number(),
  defectLevelHeightCount: z.number(),
  defectLevelMiddleCount: z.number(),
  defectLevelLowCount: z.number(),
  moduleCount: z.number(),
  createDefectCountByTester: z.number(),
  createDefectCountByOutsider: z.number(),
  defectRestartCount: z.number(),
  defectHistoryPassCount: z.number(),
  defectUseHourTime: z.number(),
  defectDiscoveryRate: z.string(),
  defectRepairRate: z.string(),
  defectDetectionRate: z.string(),
  defectSeverityRate: z.string(),
  defectRestartRate: z.string(),
  defectEscapeRate: z.string(),
  defectDensity: z.string(),
  defectRepairAvgHour: z.string(),
});
export type PlanMetrics = z.infer<typeof planMetrics>;

export const planItem = z.object({
  planItemId: z.string(),
  planId: z.string(),
  caseId: z.number(),
  /** The case's deliverable. */
  moduleId: z.number().nullable(),
  moduleName: z.string().nullable(),
  planItemState: z.enum(PLAN_ITEM_STATES),
  planItemResult: z.enum(PLAN_ITEM_RESULTS).nullable(),
  defectIds: z.array(z.number()),
  updateById: z.number().nullable(),
  /** The updater's nickname (the original's string). */
  updateBy: z.string().nullable(),
  updateTime: z.string(),
  testerId: z.number().nullable(),
  projectId: z.number(),
  caseNum: z.number(),
  caseName: z.string(),
  caseLevel: z.number(),
  casePreconditions: z.string().nullable(),
  caseExpect: z.string(),
  caseStep: z.array(z.object({ stepDescribe: z.string(), stepExpect: z.string() })),
  imgUrls: z.string().nullable(),
});
export type PlanItem = z.infer<typeof planItem>;

export const plan = z
  .object({
    planId: z.string(),
    planNumber: z.number(),
    planName: z.string(),
    planVersion: z.string().nullable(),
    planStartTime: z.string().nullable(),
    planEndTime: z.string().nullable(),
    projectId: z.number(),
    reportId: z.number().nullable(),
    remark: z.string().nullable(),
    createById: z.number().nullable(),
    createTime: z.string(),
    updateById: z.number().nullable(),
    updateBy: z.string().nullable(),
    updateByAvatar: z.string().nullable(),
    updateTime: z.string(),
    /** The detail's items (GET /system/plan/{planId}). */
    sysPlanItemList: z.array(planItem).optional(),
  })
  .extend(planMetrics.shape);
export type Plan = z.infer<typeof plan>;

export const planItemListQuery = pageQuery.extend({
  planId: planIdText,
  projectId: z.coerce.number().int().min(1).optional(),
  /** That deliverable and those below it. */
  moduleId: z.coerce.number().int().min(0).optional(),
  caseId: z.coerce.number().int().min(1).optional(),
  caseLevel: z.coerce.number().int().min(1).max(5).optional(),
  planItemState: z.enum(PLAN_ITEM_STATES, { error: 'plan.item.state.invalid' }).optional(),
  planItemResult: z.enum(PLAN_ITEM_RESULTS, { error: 'plan.item.result.invalid' }).optional(),
  updateById: z.coerce.number().int().min(1).optional(),
  params: z
    .object({
      caseName: z.string().trim().max(PLAN_NAME_MAX).optional(),
      caseLevel: z.coerce.number().int().min(1).max(5).optional(),
      beginUpdateTime: day,
      endUpdateTime: day,
    })
    .optional(),
});
export type PlanItemListQuery = z.infer<typeof planItemListQuery>;

const urls = z.string().max(5000, { error: 'plan.result.files.too-long' }).nullable().optional();

/**
 * The original's item update (a state, its defect list, one defect added or taken away; several
 * items at once with `params.planItemIds`) and Buglet's result: what happened, the step that
 * failed, screenshots and files. Each state or result given is kept in the item's history.
 */
export const planItemUpdateBody = z
  .object({
    planItemId: planIdText.optional(),
    planId: planIdText.optional(),
    planItemState: z.enum(PLAN_ITEM_STATES, { error: 'plan.item.state.invalid' }).optional(),
    planItemResult: z.enum(PLAN_ITEM_RESULTS, { error: 'plan.item.result.invalid' }).nullable().optional(),
    defectIds: z.array(z.number().int().min(1)).max(500).optional(),
    actualResult: z
      .string()
      .max(PLAN_ACTUAL_MAX, { error: 'plan.result.actual.too-long' })
      .nullable()
      .optional(),
    failedStep: z.number().int().min(1).max(1000).nullable().optional(),
    imgUrls: urls,
    annexUrls: urls,
    params: z
      .object({
        planItemIds: z.array(planIdText).min(1, { error: 'plan.item.ids.empty' }).max(1000).optional(),
        defectId: z.coerce.number().int().min(1).optional(),
        deleteDefectId: z.coerce.number().int().min(1).optional(),
      })
      .optional(),
  })
  .refine((b) => b.planItemId !== undefined || b.params?.planItemIds !== undefined, {
    error: 'plan.item.ids.empty',
    path: ['planItemId'],
  });
export type PlanItemUpdateBody = z.infer<typeof planItemUpdateBody>;

export const planItemCreateBody = z.object({
  planId: planIdText,
  caseId: z.number({ error: 'plan.case.invalid' }).int().min(1, { error: 'plan.case.invalid' }),
  moduleId: z.number().int().nullable().optional(),
  planItemState: z.enum(PLAN_ITEM_STATES, { error: 'plan.item.state.invalid' }).optional(),
});

/** One result an item was given, newest first in its history. */
export const planItemResultEntry = z.object({
  resultId: z.number(),
  planItemId: z.string(),
  planItemState: z.enum(PLAN_ITEM_STATES),
  planItemResult: z.enum(PLAN_ITEM_RESULTS).nullable(),
  actualResult: z.string().nullable(),
  failedStep: z.number().nullable(),
  imgUrls: z.string().nullable(),
  annexUrls: z.string().nullable(),
  createById: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
});
export type PlanItemResultEntry = z.infer<typeof planItemResultEntry>;

/** A deliverable of the plan's tree with its items counted over its subtree. */
export const planModule = z.object({
  moduleId: z.number(),
  modulePid: z.number(),
  moduleName: z.string(),
  projectId: z.number(),
  childrenCount: z.number(),
  itemCount: z.number(),
  passCount: z.number(),
  defectCount: z.number(),
});
export type PlanModule = z.infer<typeof planModule>;

/** A plan in the statistics' plan picker (`/system/defect/statistic/plan/list`). */
export const planChoice = z.object({ planId: z.string(), planName: z.string() });

/**
 * A day of a plan's burndown: `value` the items not passed at the day's end (as items stand now:
 * an item counts as passed from the day of its passing result), `passed` those passed that day.
 */
export const burndownPoint = z.object({ key: z.string(), value: z.number(), passed: z.number() });
export type BurndownPoint = z.infer<typeof burndownPoint>;

/** The countdown card's summary of a plan (`/system/defect/statistic/plan/{planId}/summary`). */
export const planSummary = z.object({
  planId: z.string(),
  planName: z.string(),
  planEndTime: z.string().nullable(),
  itemTotal: z.number(),
  unexecutedCount: z.number(),
  passCount: z.number(),
  defectCount: z.number(),
  defectCloseStateCount: z.number(),
});

/** Six quality metrics of a plan, 0–100 (the radar of the latest four plans). */
export const planMetricsItem = z.object({
  planId: z.string(),
  planName: z.string(),
  updateTime: z.string().nullable(),
  discovery: z.number(),
  repair: z.number(),
  detection: z.number(),
  severity: z.number(),
  restart: z.number(),
  escape: z.number(),
});
export type PlanMetricsItem = z.infer<typeof planMetricsItem>;
