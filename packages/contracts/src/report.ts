import { z } from 'zod';
import { userSummary } from './defect.ts';

export const REPORT_TYPES = ['text', 'realtime'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TITLE_MAX = 255;
/** A report or template's Markdown: generous, but bounded. */
export const REPORT_CONTENT_MAX = 1_000_000;
export const TEMPLATE_TITLE_MAX = 512;

const title = z
  .string({ error: 'report.title.required' })
  .trim()
  .min(1, { error: 'report.title.required' })
  .max(REPORT_TITLE_MAX, { error: 'report.title.too-long' });
const content = z.string().max(REPORT_CONTENT_MAX, { error: 'report.content.too-long' });
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: 'report.time.invalid' });

export const report = z.object({
  reportId: z.number(),
  projectId: z.number(),
  reportTitle: z.string(),
  reportType: z.enum(REPORT_TYPES),
  reportTime: z.string(),
  reportDescription: z.string().nullable(),
  reportDataCoder: z.string().nullable(),
  reportData: z.unknown().nullable(),
  reportSource: z.string().nullable(),
  reportKey: z.string().nullable(),
  createById: z.number(),
  /** The author's nickname. */
  createBy: z.string().nullable(),
  focusList: z.array(userSummary).optional(),
});
export type Report = z.infer<typeof report>;

export const reportCreateBody = z.object({
  projectId: z.number().int().min(1),
  reportTitle: title,
  reportDescription: content.optional().default(''),
  /** text (default): directives written out now; realtime: filled each time it is read. */
  reportType: z.enum(REPORT_TYPES, { error: 'report.type.invalid' }).optional().default('text'),
  reportTime: dateTime.optional(),
  reportKey: z.string().max(512).optional(),
  reportData: z.unknown().optional(),
  params: z.object({ vueAppBaseApi: z.string().max(255).optional() }).optional(),
  srcHost: z.string().max(255).optional(),
  /** Made for a test plan: its figures fill `${api.plan.…}`, and the plan links to the report. */
  planId: z
    .string()
    .max(36, { error: 'plan.id.invalid' })
    .regex(/^[0-9a-fA-F-]+$/, { error: 'plan.id.invalid' })
    .optional(),
});

export const reportUpdateBody = z.object({
  reportId: z.number().int().min(1),
  reportTitle: title.optional(),
  reportTime: dateTime.optional(),
  reportDescription: content.optional(),
  reportDataCoder: z.string().max(255).nullable().optional(),
  reportData: z.unknown().optional(),
  reportSource: z.string().max(255).nullable().optional(),
});

export const reportTemplate = z.object({
  templateId: z.number(),
  templateKey: z.string(),
  templateTitle: z.string(),
  templateContent: z.string(),
  moduleType: z.string().nullable(),
  projectId: z.number().nullable(),
  updateById: z.number().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
  templateIconUrl: z.string().nullable(),
  majorVersion: z.number(),
  minorVersion: z.number(),
  isShop: z.boolean(),
});
export type ReportTemplate = z.infer<typeof reportTemplate>;

const templateTitle = z
  .string({ error: 'report.template.title.required' })
  .trim()
  .min(1, { error: 'report.template.title.required' })
  .max(TEMPLATE_TITLE_MAX, { error: 'report.template.title.too-long' });
const templateFields = {
  templateTitle,
  templateContent: content.optional().default(''),
  moduleType: z.string().trim().max(64).nullable().optional(),
  templateIconUrl: z
    .string()
    .max(255)
    .regex(/^\/profile\/[\w\-./]+$/, { error: 'report.template.icon.invalid' })
    .nullable()
    .optional(),
  majorVersion: z.number().int().min(0).max(9999).optional(),
  minorVersion: z.number().int().min(0).max(9999).optional(),
};

export const reportTemplateCreateBody = z.object({ projectId: z.number().int().min(1), ...templateFields });
export const reportTemplateUpdateBody = z
  .object({ templateId: z.number().int().min(1) })
  .extend(z.object(templateFields).partial().shape)
  // A partial update leaves the content alone unless it sends it (no default of '').
  .extend({ templateContent: content.optional() });

/** A template as a file teams share: the fields that make it, under a format name. */
export const TEMPLATE_FILE_FORMAT = 'buglet-report-template/1';
export const reportTemplateFile = z.object({
  format: z.literal(TEMPLATE_FILE_FORMAT, { error: 'report.template.file.invalid' }),
  templateTitle,
  templateContent: content,
  moduleType: z.string().trim().max(64).nullable().optional(),
  majorVersion: z.number().int().min(0).max(9999).optional(),
  minorVersion: z.number().int().min(0).max(9999).optional(),
});
export type ReportTemplateFile = z.infer<typeof reportTemplateFile>;
