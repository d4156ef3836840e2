import { z } from 'zod';
import { CASE_STEPS_MAX, CASE_TEXT_MAX } from './case.ts';
import { DEFECT_TYPES } from './defect.ts';

/** Models used when a project has chosen none (the original's defaults). */
export const AI_DEFAULT_BUSINESS_MODEL = 'llama3:8b';
export const AI_DEFAULT_IMAGE_MODEL = 'llava:7b';
/** Cases asked for when the prompt does not say how many. */
export const AI_CASE_COUNT_DEFAULT = 5;
export const AI_CASE_COUNT_MAX = 50;
/** The generation drawer's prompt box allows this many characters. */
export const AI_PROMPT_MAX = 65_536;
export const AI_URL_MAX = 512;
export const AI_MODEL_NAME_MAX = 255;

/** A model's state in the list: not downloaded, downloading, downloaded, download error. */
export const AI_MODEL_STATES = ['EMPTY', 'PULLING', 'COMPLETED', 'ERROR'] as const;
export type AiModelState = (typeof AI_MODEL_STATES)[number];
/** What a model is chosen for in the project: business recognition (text) or image processing. */
export const AI_MODEL_KINDS = ['business', 'image'] as const;
export type AiModelKind = (typeof AI_MODEL_KINDS)[number];
/** States carried by `aiModelPull` frames. */
export const AI_PULL_STATES = ['PULLING', 'SUCCESS', 'ERROR'] as const;
export type AiPullState = (typeof AI_PULL_STATES)[number];

/** Ollama names: `llama3`, `llama3:8b`, `library/qwen2:7b`, `registry.host:5000/team/model:tag`. */
const MODEL_NAME = /^[A-Za-z0-9][\w.\-:/@]*$/;

export const aiModelName = z
  .string({ error: 'ai.model.name.required' })
  .trim()
  .min(1, { error: 'ai.model.name.required' })
  .max(AI_MODEL_NAME_MAX, { error: 'ai.model.name.invalid' })
  .regex(MODEL_NAME, { error: 'ai.model.name.invalid' });

/** A model name, or '' (or null) for the default model. */
const modelNameOrDefault = z
  .string()
  .trim()
  .max(AI_MODEL_NAME_MAX, { error: 'ai.model.name.invalid' })
  .regex(new RegExp(`^$|${MODEL_NAME.source}`), { error: 'ai.model.name.invalid' })
  .nullable()
  .optional();

/** An http(s) address; empty (or null) means the platform's default server. */
export const aiUrl = z
  .string()
  .trim()
  .max(AI_URL_MAX, { error: 'ai.url.invalid' })
  .refine((v) => v === '' || isHttpUrl(v), { error: 'ai.url.invalid' })
  .nullable();

/** An http(s) address with a host and no spaces (checked the same way in the browser and on the server). */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#:]+(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

/**
 * A project id the original's clients may leave out: the caller's current project then (read
 * from the user config, as the original does). A numeric text is accepted too.
 */
export const aiProjectId = z.coerce
  .number({ error: 'project.no-permission' })
  .int()
  .min(1, { error: 'project.no-permission' })
  .optional();

export const aiProjectQuery = z.object({ projectId: aiProjectId });

export const aiModel = z.object({
  name: z.string(),
  /** Bytes on the AI server; 0 when not downloaded. */
  size: z.number(),
  state: z.enum(AI_MODEL_STATES),
  kind: z.enum(AI_MODEL_KINDS).nullable(),
  /** Present (= name) when this is the project's business model. */
  businessModule: z.string().optional(),
  /** Present (= name) when this is the project's image model. */
  imageModule: z.string().optional(),
  /** While PULLING: bytes of the current layer done and in all. */
  total: z.number().optional(),
  completed: z.number().optional(),
  /** When ERROR: why the download failed. */
  error: z.string().optional(),
});
export type AiModel = z.infer<typeof aiModel>;

export const aiConfig = z.object({
  aiId: z.number().nullable(),
  projectId: z.number(),
  /** The project's own AI server, or null for the platform's. */
  aiUrl: z.string().nullable(),
  /** The platform's AI server (AI_URL). */
  defaultAiUrl: z.string(),
  /** The chosen models, or the defaults when none was chosen. */
  businessModule: z.string(),
  imageModule: z.string(),
});
export type AiConfig = z.infer<typeof aiConfig>;

/** A field left out keeps its value; null or '' goes back to the default. */
export const aiConfigBody = z.object({
  aiId: z.number().int().optional(),
  projectId: aiProjectId,
  aiUrl: aiUrl.optional(),
  businessModule: modelNameOrDefault,
  imageModule: modelNameOrDefault,
});

export const aiModelBody = z.object({ projectId: aiProjectId, name: aiModelName });

/** A project's AI settings row as the original's `GET /system/ai/{aiId}` answers it. */
export const aiConfigRow = z.object({
  aiId: z.number(),
  projectId: z.number(),
  aiUrl: z.string().nullable(),
  /** Null: the platform's default model. */
  businessModule: z.string().nullable(),
  imageModule: z.string().nullable(),
  createTime: z.string(),
  createById: z.number().nullable(),
  updateTime: z.string(),
  updateById: z.number().nullable(),
});
export type AiConfigRow = z.infer<typeof aiConfigRow>;

/** The export's filters (the list's fields, as the original's generic export takes them). */
export const aiConfigExportQuery = z.object({
  projectId: aiProjectId,
  businessModule: z.string().max(AI_MODEL_NAME_MAX).optional(),
  imageModule: z.string().max(AI_MODEL_NAME_MAX).optional(),
});

export const aiCaseBody = z.object({
  projectId: aiProjectId,
  prompt: z
    .string({ error: 'ai.case.prompt.required' })
    .trim()
    .min(1, { error: 'ai.case.prompt.required' })
    .max(AI_PROMPT_MAX, { error: 'ai.case.prompt.too-long' }),
  /** The `context` of the previous answer, to refine the same topic. */
  context: z.array(z.number().int()).max(1_000_000).optional(),
  count: z.number().int().min(1).max(AI_CASE_COUNT_MAX).optional(),
});

export const aiCaseStep = z.object({ stepDescribe: z.string(), stepExpect: z.string() });

/** A generated case, ready for the case form and `POST /system/case/batch` (not stored). */
export const aiCase = z.object({
  caseName: z.string().max(CASE_TEXT_MAX),
  caseLevel: z.number().int().min(1).max(5),
  /** The deliverable the model chose, when it names one of the project's paths; else null. */
  moduleId: z.number().nullable(),
  modulePath: z.string().nullable(),
  casePreconditions: z.string().max(CASE_TEXT_MAX),
  caseExpect: z.string().max(CASE_TEXT_MAX),
  caseStep: z.array(aiCaseStep).max(CASE_STEPS_MAX),
});
export type AiCase = z.infer<typeof aiCase>;

export const aiCaseAnswer = z.object({
  cases: z.array(aiCase),
  /** Pass back as `context` with the next prompt of the same topic. */
  context: z.array(z.number()),
});
export type AiCaseAnswer = z.infer<typeof aiCaseAnswer>;

/** The `aiModelPull` realtime frame's data, sent to the members of the project that started it. */
export const aiModelPullFrame = z.object({
  projectId: z.number(),
  name: z.string(),
  state: z.enum(AI_PULL_STATES),
  total: z.number(),
  completed: z.number(),
  /** The layer being pulled (the digest after "pulling "). */
  layer: z.string(),
  error: z.string().nullable(),
});
export type AiModelPullFrame = z.infer<typeof aiModelPullFrame>;

/** What the defect form's AI analysis suggests, one route each (`POST /ai/defect/{field}`). */
export const AI_DEFECT_FIELDS = ['title', 'module', 'type', 'member', 'version'] as const;
export type AiDefectField = (typeof AI_DEFECT_FIELDS)[number];
/** A suggested title has at most this many characters (the original's title input). */
export const AI_DEFECT_TITLE_MAX = 128;
/** The version the first defect of a project gets, without asking the model. */
export const AI_FIRST_VERSION = '1.0.0';

export const aiDefectBody = z.object({
  projectId: aiProjectId,
  describe: z
    .string({ error: 'ai.defect.describe.required' })
    .trim()
    .min(1, { error: 'ai.defect.describe.required' })
    .max(AI_PROMPT_MAX, { error: 'ai.defect.describe.too-long' }),
  /**
   * The defect's images (upload paths, comma-separated as the form keeps them): the first is
   * shown to the project's image model, whose account of it joins the description.
   */
  imgUrls: z.string().max(5000, { error: 'ai.defect.images.invalid' }).nullable().optional(),
});
export type AiDefectBody = z.infer<typeof aiDefectBody>;

/** Each answer names its field, null when the model gave nothing that exists in the project. */
export const aiDefectTitle = z.object({ title: z.string().nullable() });
export const aiDefectModule = z.object({
  moduleId: z.number().nullable(),
  /** The deliverable's path, to show the suggestion by name. */
  modulePath: z.string().nullable(),
});
export const aiDefectType = z.object({ type: z.enum(DEFECT_TYPES).nullable() });
export const aiDefectMember = z.object({
  memberId: z.number().nullable(),
  /** The member's shown name. */
  memberName: z.string().nullable(),
});
export const aiDefectVersion = z.object({ version: z.string().nullable() });
export interface AiDefectAnswers {
  title: z.infer<typeof aiDefectTitle>;
  module: z.infer<typeof aiDefectModule>;
  type: z.infer<typeof aiDefectType>;
  member: z.infer<typeof aiDefectMember>;
  version: z.infer<typeof aiDefectVersion>;
}

/**
 * `GET /cloud/api/case/list`: the original asks its vendor's cloud case library; Buglet answers
 * from the project's own cases whose titles hold the words.
 */
export const cloudCaseQuery = z.object({
  content: z.string().trim().max(255, { error: 'cloud.case.content.too-long' }).optional(),
  projectId: aiProjectId,
});
/** At most this many cases in one answer. */
export const CLOUD_CASE_MAX = 50;
/** A case of the library: a generated case's fields, and the stored case it comes from. */
export const cloudCase = z.object({
  caseId: z.number(),
  caseNum: z.number(),
  caseName: z.string(),
  caseLevel: z.number(),
  moduleId: z.number().nullable(),
  modulePath: z.string().nullable(),
  casePreconditions: z.string(),
  caseExpect: z.string(),
  caseStep: z.array(aiCaseStep),
});
export type CloudCase = z.infer<typeof cloudCase>;
