import { z } from 'zod';
import { testCase } from './case.ts';
import { PLAN_QUALITY_METRICS } from './plan.ts';

/**
 * The live data a report's directives draw on (`GET /markdown/{projectId}`). Not every row of a
 * big project: lists hold at most REPORT_LIST_LIMIT rows beside their true total (a table then
 * ends with an "and N more" line), and counts are aggregated by the database. Only the parts a
 * report names are computed (`need`); without `need` the original's three parts come back.
 */
export const REPORT_LIST_LIMIT = 100;
/** Case cards are long: fewer of them. */
export const REPORT_CARD_LIMIT = 50;
/** Days the defect trend covers, today included. */
export const REPORT_TREND_DAYS = 14;

/** Every source a directive can draw a table (or cards) from. */
export const REPORT_SOURCES = [
  'api.defect.list',
  'api.defect.open',
  'api.defect.byState',
  'api.defect.byType',
  'api.defect.byLevel',
  'api.defect.byHandler',
  'api.defect.byModule',
  'api.defect.trend',
  'api.case.list',
  'api.case.byState',
  'api.case.byModule',
  'api.member.all',
  'api.plan.items',
] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const reportProject = z.object({
  projectId: z.number(),
  projectName: z.string(),
  projectIcon: z.string().nullable(),
  projectIntroduce: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type ReportProject = z.infer<typeof reportProject>;

/** The project's fields a report may name (`${api.project.x}`), read as they are stored. */
export const REPORT_PROJECT_FIELDS = [
  'projectId',
  'projectName',
  'projectIcon',
  'projectIntroduce',
  'createBy',
  'createTime',
  'updateTime',
] as const satisfies readonly (keyof ReportProject)[];

export const reportDefect = z.object({
  defectId: z.number(),
  projectNum: z.number(),
  defectType: z.string(),
  defectLevel: z.string(),
  defectState: z.number(),
  defectName: z.string(),
  defectDescribe: z.string().nullable(),
  moduleName: z.string().nullable(),
  moduleVersion: z.string().nullable(),
  handleBy: z.array(z.string()),
  createBy: z.string().nullable(),
  createTime: z.string(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
  planStartTime: z.string().nullable(),
  planEndTime: z.string().nullable(),
  imgUrls: z.string().nullable(),
  annexUrls: z.string().nullable(),
});
export type ReportDefect = z.infer<typeof reportDefect>;

/** A case as a report shows it: the list's own fields, without its counts and ids. */
export const reportCase = testCase.pick({
  caseId: true,
  caseNum: true,
  caseName: true,
  moduleName: true,
  caseLevel: true,
  casePreconditions: true,
  caseExpect: true,
  caseStep: true,
  caseState: true,
  remark: true,
  createBy: true,
  createTime: true,
  updateTime: true,
});
export type ReportCase = z.infer<typeof reportCase>;

export const reportMember = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  roleIds: z.array(z.number()),
});

/**
 * A test plan's figures a report may name (`${api.plan.x}`), when it is made for a plan: its
 * fields, its counts and its quality metrics as the plan list shows them.
 */
export const REPORT_PLAN_FIELDS = [
  'planNumber',
  'planName',
  'planVersion',
  'planStartTime',
  'planEndTime',
  'itemTotal',
  'passCount',
  'failCount',
  'unexecutedCount',
  'blockedCount',
  'skippedCount',
  'retestCount',
  'passRate',
  'defectCount',
  'defectCloseStateCount',
  'defectRestartCount',
  ...PLAN_QUALITY_METRICS,
] as const;
export const reportPlan = z.partialRecord(
  z.enum(REPORT_PLAN_FIELDS),
  z.union([z.string(), z.number(), z.null()]),
);
export type ReportPlan = z.infer<typeof reportPlan>;

/** An item of the plan as a report's table shows it. */
export const reportPlanItem = z.object({
  caseNum: z.number(),
  caseName: z.string(),
  moduleName: z.string().nullable(),
  planItemState: z.string(),
  planItemResult: z.string().nullable(),
  defectCount: z.number(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
});
export type ReportPlanItem = z.infer<typeof reportPlanItem>;

/** One group of a count: `key` is the state, type, level, user or deliverable id. */
export const reportCount = z.object({ key: z.string(), name: z.string().nullable(), count: z.number() });
export type ReportCount = z.infer<typeof reportCount>;

export const reportCaseCoverage = z.object({
  key: z.string(),
  name: z.string().nullable(),
  total: z.number(),
  pass: z.number(),
  fail: z.number(),
  untested: z.number(),
});
export type ReportCaseCoverage = z.infer<typeof reportCaseCoverage>;
export const reportTrendDay = z.object({ day: z.string(), created: z.number(), closed: z.number() });

export const reportData = z.object({
  project: reportProject,
  defect: z.object({
    total: z.number(),
    openTotal: z.number(),
    list: z.array(reportDefect).optional(),
    open: z.array(reportDefect).optional(),
  }),
  case: z.object({ total: z.number(), list: z.array(reportCase).optional() }),
  member: z.object({ all: z.array(reportMember).optional() }),
  /** The plan a report is made for (`planId`): its figures, and its items when a table names them. */
  plan: z
    .object({ info: reportPlan, items: z.array(reportPlanItem).optional(), itemTotal: z.number() })
    .optional(),
  stats: z.object({
    'api.defect.byState': z.array(reportCount).optional(),
    'api.defect.byType': z.array(reportCount).optional(),
    'api.defect.byLevel': z.array(reportCount).optional(),
    'api.defect.byHandler': z.array(reportCount).optional(),
    'api.defect.byModule': z.array(reportCount).optional(),
    'api.defect.trend': z.array(reportTrendDay).optional(),
    'api.case.byState': z.array(reportCount).optional(),
    'api.case.byModule': z.array(reportCaseCoverage).optional(),
  }),
});
export type ReportData = z.infer<typeof reportData>;
export type ReportStatSource = keyof ReportData['stats'];

/** `need`: the sources a report names, comma-separated. */
export const reportDataQuery = z.object({
  /** The test plan whose figures `${api.plan.…}` shows. */
  planId: z
    .string()
    .max(36)
    .regex(/^[0-9a-fA-F-]+$/, { error: 'plan.id.invalid' })
    .optional(),
  need: z
    .string()
    .max(2000)
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return undefined;
      const needs = s
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const unknown = needs.find((n) => !(REPORT_SOURCES as readonly string[]).includes(n));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'report.source.unknown' });
        return z.NEVER;
      }
      return needs as ReportSource[];
    }),
});
