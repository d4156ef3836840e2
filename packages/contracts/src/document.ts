import { z } from 'zod';

export const DOC_NAME_MAX = 255;
/** 0 a folder, 1 a file (the original's numbers). */
export const DocType = { FOLDER: 0, FILE: 1 } as const;

export const documentNode = z.object({
  docId: z.number(),
  projectId: z.number(),
  docName: z.string(),
  docType: z.number(),
  fileExtension: z.string().nullable(),
  fileUrl: z.string().nullable(),
  fileVersion: z.number().nullable(),
  docPid: z.number(),
  docRemakr: z.string().nullable(),
  createById: z.number(),
  createBy: z.string().nullable(),
  updateById: z.number().nullable(),
  updateBy: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  /** True when the item holds no folders (the move dialog's tree ends there). */
  leaf: z.boolean(),
  /** The folders above it, top first (the breadcrumb); on a single document only. */
  ancestors: z.array(z.object({ docId: z.number(), docName: z.string() })).optional(),
});
export type DocumentNode = z.infer<typeof documentNode>;

const docName = z
  .string({ error: 'document.name.required' })
  .trim()
  .min(1, { error: 'document.name.required' })
  .max(DOC_NAME_MAX, { error: 'document.name.too-long' })
  .refine((name) => !/[\\/]/.test(name), { error: 'document.name.slash' });
const fileUrl = z
  .string()
  .max(255)
  .regex(/^\/profile\/[\w\-./]+$/, { error: 'document.file.invalid' });

export const documentCreateBody = z
  .object({
    projectId: z.number().int().min(1),
    docPid: z.number().int().optional(),
    docName,
    docType: z.union([z.literal(0), z.literal(1)], { error: 'document.type.invalid' }),
    fileExtension: z.string().trim().max(12).nullable().optional(),
    fileUrl: fileUrl.nullable().optional(),
    fileVersion: z.number().int().min(0).nullable().optional(),
    docRemakr: z.string().max(255).nullable().optional(),
  })
  .refine((d) => d.docType === 0 || Boolean(d.fileUrl), {
    error: 'document.file.required',
    path: ['fileUrl'],
  });

export const documentUpdateBody = z.object({
  docId: z.number().int().min(1),
  docPid: z.number().int().optional(),
  docName: docName.optional(),
  fileExtension: z.string().trim().max(12).nullable().optional(),
  fileUrl: fileUrl.optional(),
  fileVersion: z.number().int().min(0).nullable().optional(),
  docRemakr: z.string().max(255).nullable().optional(),
});
