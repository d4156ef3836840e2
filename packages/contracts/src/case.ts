import { z } from 'zod';
import { creatorSummary, UPLOAD_PATH, userSummary } from './defect.ts';

export const CASE_TEXT_MAX = 255;
/** The test data a case is run with: room for a table of values. */
export const CASE_DATA_MAX = 2000;
export const CASE_KEY_MAX = 255;
export const CASE_STEPS_MAX = 50;
export const CASE_LEVELS = [1, 2, 3, 4, 5] as const;
/** Tested state: not tested yet, passed, failed. */
export const CASE_STATES = ['untested', 'pass', 'fail'] as const;
export type CaseState = (typeof CASE_STATES)[number];

export const caseStep = z.object({
  stepDescribe: z
    .string({ error: 'case.step.describe.required' })
    .trim()
    .min(1, { error: 'case.step.describe.required' })
    .max(CASE_TEXT_MAX, { error: 'case.step.too-long' }),
  stepExpect: z.string().trim().max(CASE_TEXT_MAX, { error: 'case.step.too-long' }).optional().default(''),
});
export type CaseStep = z.infer<typeof caseStep>;

const caseFields = {
  caseName: z
    .string({ error: 'case.name.required' })
    .trim()
    .min(1, { error: 'case.name.required' })
    .max(CASE_TEXT_MAX, { error: 'case.name.too-long' }),
  moduleId: z.number({ error: 'case.module.required' }).int().min(1, { error: 'case.module.required' }),
  caseLevel: z
    .number({ error: 'case.level.invalid' })
    .int()
    .min(1, { error: 'case.level.invalid' })
    .max(5, { error: 'case.level.invalid' }),
  casePreconditions: z
    .string()
    .trim()
    .max(CASE_TEXT_MAX, { error: 'case.preconditions.too-long' })
    .nullable()
    .optional(),
  caseExpect: z
    .string({ error: 'case.expect.required' })
    .trim()
    .min(1, { error: 'case.expect.required' })
    .max(CASE_TEXT_MAX, { error: 'case.expect.too-long' }),
  caseStep: z.array(caseStep).max(CASE_STEPS_MAX, { error: 'case.steps.too-many' }).optional().default([]),
  caseState: z.enum(CASE_STATES, { error: 'case.state.invalid' }).optional(),
  remark: z.string().trim().max(CASE_TEXT_MAX).nullable().optional(),
  imgUrls: z.string().max(5000).nullable().optional(),
  /** Files attached to the case: upload paths, comma-separated. */
  annexUrls: z
    .string()
    .max(5000, { error: 'case.annex.too-long' })
    .refine((v) => v === '' || v.split(',').every((p) => UPLOAD_PATH.test(p.trim()) && !p.includes('..')), {
      error: 'case.annex.invalid',
    })
    .nullable()
    .optional(),
  /** The data the case is run with (Markdown). */
  caseData: z.string().trim().max(CASE_DATA_MAX, { error: 'case.data.too-long' }).nullable().optional(),
  /** What a test runner calls the case (CI results are matched by it); unique in the project; empty: none. */
  caseKey: z
    .string()
    .trim()
    .max(CASE_KEY_MAX, { error: 'case.key.too-long' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
};

export const caseCreateBody = z.object({ projectId: z.number().int().min(1), ...caseFields });
export const caseUpdateBody = z
  .object({ caseId: z.number().int().min(1) })
  .extend(z.object(caseFields).partial().shape)
  // A partial update leaves the steps alone unless it sends them (no default of []).
  .extend({ caseStep: z.array(caseStep).max(CASE_STEPS_MAX, { error: 'case.steps.too-many' }).optional() });

export const testCase = z.object({
  caseId: z.number(),
  projectId: z.number(),
  caseNum: z.number(),
  caseName: z.string(),
  moduleId: z.number().nullable(),
  moduleName: z.string().nullable(),
  modulePath: z.string().nullable(),
  caseLevel: z.number(),
  casePreconditions: z.string().nullable(),
  caseExpect: z.string(),
  caseStep: z.array(z.object({ stepDescribe: z.string(), stepExpect: z.string() })),
  caseState: z.enum(CASE_STATES),
  remark: z.string().nullable(),
  imgUrls: z.string().nullable(),
  annexUrls: z.string().nullable(),
  caseData: z.string().nullable(),
  caseKey: z.string().nullable(),
  createBy: z.string().nullable(),
  /** Who wrote it, named by the one rule (nickname, then account); null when unknown. */
  creator: creatorSummary.nullable().optional(),
  createTime: z.string(),
  updateTime: z.string(),
  /** Linked defects by state: pending (0), in review (1), rejected (3), closed or resolved. */
  defectProcessingCount: z.number(),
  defectAuditCount: z.number(),
  defectRejectedCount: z.number(),
  defectCloseCount: z.number(),
  focusList: z.array(userSummary).optional(),
});
export type TestCase = z.infer<typeof testCase>;

/** A change in a case's history: the fields that changed, or its creation. */
export const caseLogEntry = z.object({
  caseLogId: z.number(),
  action: z.enum(['create', 'update']),
  changes: z.array(z.object({ field: z.string(), oldValue: z.unknown(), newValue: z.unknown() })),
  createById: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
});
export type CaseLogEntry = z.infer<typeof caseLogEntry>;
