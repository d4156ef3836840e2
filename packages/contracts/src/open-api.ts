import { z } from 'zod';
import { CASE_STATES, CASE_STEPS_MAX, CASE_TEXT_MAX, caseStep } from './case.ts';
import { blankAsMissing, DEFECT_ACTIONS, DEFECT_LEVELS, DEFECT_STATE_NAMES, DEFECT_TYPES } from './defect.ts';
import { pageQuery } from './envelope.ts';
import { PUSH_DESCRIBE_ACCEPTED } from './project-api.ts';

/**
 * The 1.0 Open API's own shapes (original-backend §13.4): names instead of ids — project numbers
 * (`defectNum`), deliverable paths (`a/b/c`), member accounts — and enum names in upper case.
 */

export const openLevel = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(DEFECT_LEVELS, { error: 'api.push.level.invalid' }));
export const openType = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(DEFECT_TYPES, { error: 'api.push.type.invalid' }));
/** Member accounts, a list or comma-separated; reporters send `[null]` or `[""]` for "no handler". */
const accounts = z
  .union([z.array(z.string().max(64).nullable()).max(50), z.string().max(3300)])
  .nullish()
  .transform((v) =>
    (Array.isArray(v) ? v : (v ?? '').split(',')).map((a) => (a ?? '').trim()).filter(Boolean),
  );
const UPLOAD_PATH = /^\/profile\/[\w\-./]+$/;
const uploads = z
  .array(
    z
      .string()
      .regex(UPLOAD_PATH, { error: 'defect.url.invalid' })
      .refine((p) => !p.includes('..')),
  )
  .max(20)
  .refine((list) => list.join(',').length <= 5000, { error: 'defect.url.invalid' });
const path = z.string().trim().max(1000);

export const openDefectListQuery = pageQuery.extend({
  defectNum: z.coerce.number().int().min(1).optional(),
  defectName: z.string().max(128).optional(),
  defectType: z.preprocess(blankAsMissing, openType.optional()),
  version: z.string().max(128).optional(),
  defectState: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.enum(DEFECT_STATE_NAMES))
    .optional(),
  defectLevel: z.preprocess(blankAsMissing, openLevel.optional()),
  handlerAccountList: accounts.optional(),
});

export const openDefectCreateBody = z.object({
  defectName: z
    .string({ error: 'defect.name_not_empty' })
    .trim()
    .min(1, { error: 'defect.name_not_empty' })
    .max(128, { error: 'defect.name.too-long' }),
  /** Longer than PUSH_DESCRIBE_MAX is filed with its middle cut (a reporter's push is never refused for it). */
  defectDescribe: z.string().max(PUSH_DESCRIBE_ACCEPTED).optional(),
  defectType: z.preprocess(blankAsMissing, openType.optional()),
  defectLevel: z.preprocess(blankAsMissing, openLevel.optional()),
  deliverablePath: path.optional(),
  version: z.string().max(128).optional(),
  moduleVersion: z.string().max(128).optional(),
  handlerAccountList: accounts.optional(),
  /** Cat2Bug-JUnit's name for the handlers. */
  handleByList: accounts.optional(),
  imgUrlList: uploads.optional(),
  annexUrlList: uploads.optional(),
  defectGroupKey: z.string().max(512).optional(),
  defectKey: z.string().max(1024).optional(),
  /** The project's own fields by key (1.0 §13.2). */
  customFields: z.record(z.string().max(64), z.unknown()).optional(),
});

export const openDefectUpdateBody = z.object({
  defectNum: z.number().int().min(1),
  defectName: z.string().trim().min(1, { error: 'defect.name_not_empty' }).max(128).optional(),
  defectDescribe: z.string().max(65_536).optional(),
  defectType: z.preprocess(blankAsMissing, openType.optional()),
  defectLevel: z.preprocess(blankAsMissing, openLevel.optional()),
  deliverablePath: path.optional(),
  version: z.string().max(128).optional(),
  handlerAccountList: accounts.optional(),
  imgUrlList: uploads.optional(),
  annexUrlList: uploads.optional(),
  /** Merged over the defect's own values. */
  customFields: z.record(z.string().max(64), z.unknown()).optional(),
});

export const openDefectActionBody = z.object({
  handlerAccountList: accounts.optional(),
  describe: z.string().max(255).optional(),
});
export const openDefectActionParams = z.object({
  defectNum: z.coerce.number().int().min(1),
  action: z.enum(DEFECT_ACTIONS, { error: 'api.action.unknown' }),
});

export const openMember = z.object({
  memberAccount: z.string(),
  memberName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type OpenMember = z.infer<typeof openMember>;

export const openDefect = z.object({
  defectNum: z.number(),
  defectName: z.string(),
  defectDescribe: z.string().nullable(),
  defectType: z.string(),
  defectState: z.string(),
  defectLevel: z.string(),
  deliverablePath: z.string().nullable(),
  version: z.string().nullable(),
  creator: openMember.nullable(),
  handlerList: z.array(openMember),
  currentLog: z
    .object({ defectLogState: z.string(), defectLogDescribe: z.string().nullable(), createTime: z.string() })
    .nullable(),
  imgUrlList: z.array(z.string()),
  annexUrlList: z.array(z.string()),
  defectKey: z.string().nullable(),
  defectGroupKey: z.string().nullable(),
  occurrences: z.number().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type OpenDefect = z.infer<typeof openDefect>;

export const openDeliverable = z.object({
  deliverableName: z.string(),
  deliverablePath: z.string(),
  remark: z.string().nullable(),
  defectCount: z.number(),
  caseCount: z.number(),
});
export const openDeliverableCreateBody = z.object({
  /** The whole path; missing parents are made too. */
  deliverablePath: path.min(1, { error: 'api.deliverable.path-required' }),
  remark: z.string().max(255).optional(),
});

export const openProject = z.object({
  projectName: z.string(),
  projectIntroduce: z.string().nullable(),
  projectIcon: z.string().nullable(),
  teamName: z.string(),
  createTime: z.string().nullable(),
  defectTotal: z.number(),
  caseTotal: z.number(),
  memberTotal: z.number(),
});

const openCaseState = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(CASE_STATES, { error: 'case.state.invalid' }));
const openCaseFields = {
  caseName: z
    .string({ error: 'case.name.required' })
    .trim()
    .min(1, { error: 'case.name.required' })
    .max(CASE_TEXT_MAX, { error: 'case.name.too-long' }),
  /** The deliverable the case tests, by its full path (a case always has one). */
  deliverablePath: path.min(1, { error: 'api.deliverable.path-required' }),
  caseLevel: z
    .number({ error: 'case.level.invalid' })
    .int()
    .min(1, { error: 'case.level.invalid' })
    .max(5, { error: 'case.level.invalid' }),
  casePreconditions: z.string().trim().max(CASE_TEXT_MAX).nullable().optional(),
  caseExpect: z
    .string({ error: 'case.expect.required' })
    .trim()
    .min(1, { error: 'case.expect.required' })
    .max(CASE_TEXT_MAX, { error: 'case.expect.too-long' }),
  caseStep: z.array(caseStep).max(CASE_STEPS_MAX, { error: 'case.steps.too-many' }).optional(),
  caseState: openCaseState.optional(),
  remark: z.string().trim().max(CASE_TEXT_MAX).nullable().optional(),
};

export const openCaseCreateBody = z.object(openCaseFields);
export const openCaseUpdateBody = z
  .object({ caseNum: z.number().int().min(1) })
  .extend(z.object(openCaseFields).partial().shape);
export const openCaseListQuery = pageQuery.extend({
  caseNum: z.coerce.number().int().min(1).optional(),
  caseName: z.string().max(255).optional(),
  /** A deliverable and everything under it. */
  deliverablePath: z.string().max(1000).optional(),
  caseLevel: z.coerce.number().int().min(1).max(5).optional(),
  caseState: openCaseState.optional(),
});

export const openCase = z.object({
  caseNum: z.number(),
  caseName: z.string(),
  deliverablePath: z.string().nullable(),
  caseLevel: z.number(),
  casePreconditions: z.string().nullable(),
  caseExpect: z.string(),
  caseStep: z.array(z.object({ stepDescribe: z.string(), stepExpect: z.string() })),
  caseState: z.string(),
  remark: z.string().nullable(),
  creator: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
