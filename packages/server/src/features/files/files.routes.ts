import fs from 'node:fs';
import path from 'node:path';
import { LIMITS, ResultCode, screenShotBody } from '@buglet/contracts';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { authenticated } from '../../http/permission.ts';
import { assertUploadLimited } from '../../http/rate-limits.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import {
  extensionOf,
  removeStored,
  resolveInside,
  type StoredFile,
  storeImageBytes,
  storeUpload,
} from './file-store.ts';
import { CONTENT_TYPES, isUploadExtension } from './file-types.ts';

export function publicUrl(req: FastifyRequest, fileName: string): string {
  return `${req.protocol}://${req.host}${fileName}`;
}

/**
 * The one file of a multipart upload, in the field the route declares (`upload`, with
 * `rateLimit: 'upload'`): a route that reads uploads without saying so fails in its tests.
 */
export async function receiveFile(req: FastifyRequest) {
  const field = declaredUpload(req).fields[0];
  if (!req.isMultipart()) throw new AppError('upload.file.missing');
  const file = await req.file({ limits: { fileSize: LIMITS.fileMaxBytes, files: 1 } });
  if (!file || file.fieldname !== field) {
    file?.file.resume();
    throw new AppError('upload.file.missing');
  }
  return file;
}

function declaredUpload(req: FastifyRequest) {
  assertUploadLimited(req);
  const upload = req.routeOptions.config.upload;
  if (!upload) throw new Error(`${req.routeOptions.url} reads an upload but does not declare it (upload)`);
  return upload;
}

const downloadQuery = z.object({
  fileName: z.string().min(1),
  delete: z.enum(['true', 'false']).optional(),
});

export async function registerFileRoutes(app: FastifyInstance, r: Router): Promise<void> {
  const { db, config } = r.deps;
  const root = config.uploadDir;
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.fileMaxBytes, files: LIMITS.uploadMaxFiles },
  });
  // Uploaded files are public, as images in descriptions are loaded by plain <img> tags.
  r.raw(
    { method: 'GET', url: '/profile/*', access: 'public-files' },
    { method: 'HEAD', url: '/profile/*', access: 'public-files' },
  );
  await app.register(fastifyStatic, {
    root,
    prefix: '/profile/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => !pathName.startsWith('/.tmp'),
    setHeaders: (res) => res.header('X-Content-Type-Options', 'nosniff'),
  });

  r.post('/common/upload', {
    rateLimit: 'upload',
    upload: { fields: ['file'], kind: 'file' },
    guard: authenticated,
    handler: async (ctx) => {
      const stored = await storeUpload(root, 'upload', await receiveFile(ctx.req));
      return {
        code: ResultCode.success,
        msg: ctx.t('op.success'),
        url: publicUrl(ctx.req, stored.fileName),
        fileName: stored.fileName,
        newFileName: stored.newFileName,
        originalFilename: stored.originalFilename,
        fileExtension: stored.fileExtension,
      };
    },
  });

  // Several files at once (field `files`, as the original's client sends them), kept all or none;
  // the answer joins each field of the single upload's answer with commas, as the original does.
  r.post('/common/uploads', {
    rateLimit: 'upload',
    upload: { fields: ['files', 'file'], kind: 'file' },
    guard: authenticated,
    handler: async (ctx) => {
      const { fields } = declaredUpload(ctx.req);
      if (!ctx.req.isMultipart()) throw new AppError('upload.file.missing');
      const stored: StoredFile[] = [];
      const parts = ctx.req.files({
        limits: { fileSize: LIMITS.fileMaxBytes, files: LIMITS.uploadMaxFiles },
      });
      try {
        for await (const part of parts) {
          if (!fields.includes(part.fieldname)) {
            part.file.resume();
            continue;
          }
          stored.push(await storeUpload(root, 'upload', part));
        }
      } catch (error) {
        await Promise.all(stored.map((f) => removeStored(root, f.fileName)));
        throw (error as { code?: string }).code === 'FST_FILES_LIMIT'
          ? new AppError('upload.files.too-many', [LIMITS.uploadMaxFiles])
          : error;
      }
      if (stored.length === 0) throw new AppError('upload.file.missing');
      return {
        code: ResultCode.success,
        msg: ctx.t('op.success'),
        urls: stored.map((f) => publicUrl(ctx.req, f.fileName)).join(','),
        fileNames: stored.map((f) => f.fileName).join(','),
        newFileNames: stored.map((f) => f.newFileName).join(','),
        originalFilenames: stored.map((f) => f.originalFilename).join(','),
      };
    },
  });

  r.post('/common/upload/screen-shot', {
    rateLimit: 'upload',
    guard: authenticated,
    body: screenShotBody,
    handler: async (ctx) => {
      const m = /^data:image\/(png|jpeg|jpg);base64,(.*)$/s.exec(ctx.body.fileBody);
      if (!m?.[1] || m[2] === undefined) throw new AppError('upload.screen-shot.invalid');
      const ext = m[1] as 'png' | 'jpeg' | 'jpg';
      const stored = await storeImageBytes(root, Buffer.from(m[2], 'base64'), ext);
      const row = await db
        .insertInto('sysTempFile')
        .values({
          fileName: stored.newFileName,
          fileUrl: stored.fileName,
          fileType: 1,
          srcUrl: ctx.body.srcUrl ?? null,
          createById: ctx.me.userId,
          createTime: formatDateTime(),
        })
        .returning(['fileId', 'fileName', 'fileUrl', 'fileType', 'srcUrl'])
        .executeTakeFirstOrThrow();
      return ctx.ok(row);
    },
  });

  r.get('/common/download', {
    guard: authenticated,
    query: downloadQuery,
    handler: async (ctx) => {
      const name = ctx.query.fileName;
      const file = /[\\/]/.test(name) ? undefined : resolveInside(root, `download/${name}`);
      if (!file || !isUploadExtension(extensionOf(name))) throw new AppError('download.name.invalid', [name]);
      if (!fs.existsSync(file)) throw new AppError('download.not-found', [name]);
      const shownName = `${Date.now()}${name.includes('_') ? name.slice(name.indexOf('_') + 1) : name}`;
      const body = await fs.promises.readFile(file);
      if (ctx.query.delete === 'true') await fs.promises.rm(file, { force: true });
      return sendAttachment(ctx.reply, body, shownName);
    },
  });

  r.get('/common/download/resource', {
    guard: authenticated,
    query: z.object({ resource: z.string().min(1) }),
    handler: async (ctx) => {
      const resource = ctx.query.resource;
      const relative = resource.replace(/^\/profile\//, '');
      const file = relative === resource ? undefined : resolveInside(root, relative);
      if (!file || relative.startsWith('.tmp') || !isUploadExtension(extensionOf(resource))) {
        throw new AppError('download.name.invalid', [resource]);
      }
      if (!fs.existsSync(file)) throw new AppError('download.not-found', [resource]);
      return sendAttachment(ctx.reply, await fs.promises.readFile(file), path.basename(file));
    },
  });
}

function sendAttachment(reply: import('fastify').FastifyReply, body: Buffer, name: string) {
  const encoded = encodeURIComponent(name);
  return reply
    .header('Content-Type', CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename*=utf-8''${encoded}`)
    .header('download-filename', encoded)
    .header('Access-Control-Expose-Headers', 'Content-Disposition,download-filename')
    .send(body);
}
