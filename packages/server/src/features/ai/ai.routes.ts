import {
  AI_DEFAULT_BUSINESS_MODEL,
  AI_DEFAULT_IMAGE_MODEL,
  aiCaseAnswer,
  aiCaseBody,
  aiConfig,
  aiConfigBody,
  aiModel,
  aiModelBody,
  aiProjectQuery,
} from '@buglet/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { RouteContext, Router } from '../../http/route.ts';
import { assertSavableUrl } from '../configs/platform-settings.ts';
import { saveAiConfig } from './ai.repository.ts';
import {
  type AiSettings,
  canonicalModel,
  generateCases,
  loadAiSettings,
  platformModels,
  toAiConfig,
} from './ai.service.ts';
import { registerAiConfigRoutes } from './ai-config.routes.ts';
import { deleteModel, listModels } from './ai-models.ts';
import { registerCloudCaseRoutes } from './cloud-cases.routes.ts';
import { registerDefectAiRoutes } from './defect-ai.routes.ts';
import { ModelPulls } from './model-pulls.ts';

/**
 * The project's AI server and models (Ollama HTTP API), test-case generation and the defect
 * form's analysis. Generated cases are only answered; the client imports the chosen ones through
 * `POST /system/case/batch`. A request without a projectId is about the caller's current project.
 */
export function registerAiRoutes(app: FastifyInstance, r: Router): void {
  const { db, config, hub } = r.deps;
  const pulls = new ModelPulls(db, hub, app.log);
  app.addHook('onClose', async () => pulls.close());
  /** Who is generating now. In this process: one instance serves a user's generation. */
  const generating = new Set<number>();

  r.get('/system/ai/list', {
    guard: perm('system:ai:list'),
    query: aiProjectQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: aiModel,
    handler: async (ctx) => {
      const rows = await listModels(await loadAiSettings(db, config, ctx.scoped.projectId), pulls);
      return ctx.table(rows, rows.length);
    },
  });

  r.get('/system/ai/model/list/default', {
    guard: perm('system:ai:list'),
    query: aiProjectQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    handler: async (ctx) => {
      const s = await loadAiSettings(db, config, ctx.scoped.projectId);
      const names = [
        ...new Set([AI_DEFAULT_BUSINESS_MODEL, AI_DEFAULT_IMAGE_MODEL, s.businessModule, s.imageModule]),
      ];
      return ctx.table(names, names.length);
    },
  });

  r.get('/system/ai/config', {
    guard: perm('system:ai:list', 'system:ai:query'),
    query: aiProjectQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: aiConfig,
    handler: async (ctx) =>
      ctx.ok(toAiConfig(await loadAiSettings(db, config, ctx.scoped.projectId), config)),
  });

  const saveConfig = async (ctx: RouteContext<z.infer<typeof aiConfigBody>, unknown, unknown>) => {
    const { aiUrl, businessModule, imageModule } = ctx.body;
    const projectId = ctx.scoped.projectId;
    const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
    const url = orNull(aiUrl);
    if (url) await assertSavableUrl(r.deps, url);
    await saveAiConfig(
      db,
      projectId,
      { aiUrl: url, businessModule: orNull(businessModule), imageModule: orNull(imageModule) },
      ctx.me.userId,
    );
    return ctx.ok(toAiConfig(await loadAiSettings(db, config, projectId), config));
  };
  const configWrite = (guard: ReturnType<typeof perm>) => ({
    guard,
    body: aiConfigBody,
    scope: ({ body }: { body: z.infer<typeof aiConfigBody> }) => ({
      kind: 'project' as const,
      projectId: body.projectId,
      isWrite: true,
    }),
    output: aiConfig,
    handler: saveConfig,
  });
  r.put('/system/ai/config', configWrite(perm('system:ai:edit')));
  // The original's paths: an upsert by project either way.
  r.put('/system/ai', configWrite(perm('system:ai:edit')));
  r.post('/system/ai', configWrite(perm('system:ai:add', 'system:ai:edit')));

  // The platform's AI server (AI_URL) serves every project without one of its own: pulling onto
  // it (its disk) and deleting from it (every project's models) is the super administrator's,
  // but for the models the administrator lets projects pull (sys.ai.platformModels).
  const assertMayManage = async (
    s: AiSettings,
    scoped: { isSuperAdmin: boolean },
    name: string,
    action: 'pull' | 'delete',
  ) => {
    if (s.aiUrl !== null || scoped.isSuperAdmin) return;
    if (action === 'pull' && (await platformModels(db)).has(canonicalModel(name))) return;
    throw new AppError('ai.model.platform-server');
  };

  r.post('/system/ai/model', {
    guard: perm('system:ai:add'),
    body: aiModelBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    handler: async (ctx) => {
      const s = await loadAiSettings(db, config, ctx.scoped.projectId);
      await assertMayManage(s, ctx.scoped, ctx.body.name, 'pull');
      await pulls.start(s, ctx.body.name, ctx.lang);
      return ctx.ok();
    },
  });

  r.delete('/system/ai/model', {
    guard: perm('system:ai:remove'),
    body: aiModelBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    handler: async (ctx) => {
      const s = await loadAiSettings(db, config, ctx.scoped.projectId);
      await assertMayManage(s, ctx.scoped, ctx.body.name, 'delete');
      await deleteModel(s, pulls, ctx.body.name);
      return ctx.ok();
    },
  });

  r.post('/ai/case/list', {
    guard: perm('system:case:add'),
    body: aiCaseBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: aiCaseAnswer,
    handler: async (ctx) => {
      const userId = ctx.me.userId;
      if (generating.has(userId)) throw new AppError('ai.case.busy');
      generating.add(userId);
      try {
        const s = await loadAiSettings(db, config, ctx.scoped.projectId);
        return ctx.ok(await generateCases(db, s, { lang: ctx.lang, ...ctx.body }));
      } finally {
        generating.delete(userId);
      }
    },
  });

  registerDefectAiRoutes(r);
  registerAiConfigRoutes(r);
  registerCloudCaseRoutes(r);
}
