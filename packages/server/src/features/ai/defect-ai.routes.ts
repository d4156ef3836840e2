import {
  AI_DEFECT_FIELDS,
  type AiDefectField,
  aiDefectBody,
  aiDefectMember,
  aiDefectModule,
  aiDefectTitle,
  aiDefectType,
  aiDefectVersion,
} from '@buglet/contracts';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { RouteContext, Router } from '../../http/route.ts';
import { loadAiSettings } from './ai.service.ts';
import { createScreenshotNotes, SUGGEST } from './defect-ai.service.ts';
import { markdownImages } from './defect-suggestions.ts';

const OUTPUT = {
  title: aiDefectTitle,
  module: aiDefectModule,
  type: aiDefectType,
  member: aiDefectMember,
  version: aiDefectVersion,
} as const;

/**
 * The defect form's AI analysis (`POST /ai/defect/{field}`, the original's paths and answers):
 * from the description, and the first screenshot when the project's image model can look at it,
 * the model suggests a title, deliverable, type, handler or version; what it names is checked
 * against the project. Nothing is written.
 */
export function registerDefectAiRoutes(r: Router): void {
  const { db, config } = r.deps;
  const notes = createScreenshotNotes(config.uploadDir);
  /** One analysis of a field per person at a time, in this process (the form asks the five at once). */
  const running = new Set<string>();

  const suggest = async (
    ctx: RouteContext<unknown, unknown, unknown>,
    field: AiDefectField,
    input: z.infer<typeof aiDefectBody>,
  ) => {
    const key = `${ctx.me.userId}:${field}`;
    if (running.has(key)) throw new AppError('ai.defect.busy');
    running.add(key);
    try {
      const s = await loadAiSettings(db, config, ctx.scoped.projectId);
      const answer = await SUGGEST[field]({
        db,
        s,
        lang: ctx.lang,
        teamId: ctx.scoped.teamId,
        describe: input.describe,
        // The form's images first, then screenshots pasted into the description.
        screenshot: () =>
          notes.describe(s, [input.imgUrls ?? '', ...markdownImages(input.describe)].join(','), ctx.lang),
        now: new Date(),
      });
      return ctx.ok(answer);
    } finally {
      running.delete(key);
    }
  };

  for (const field of AI_DEFECT_FIELDS) {
    if (field === 'version') continue;
    r.post(`/ai/defect/${field}`, {
      guard: perm('system:defect:add'),
      body: aiDefectBody,
      scope: ({ body }) => ({ kind: 'project', projectId: body.projectId }),
      output: OUTPUT[field],
      handler: (ctx) => suggest(ctx as RouteContext<unknown, unknown, unknown>, field, ctx.body),
    });
  }

  // The original's client sends this one as form or query fields, not JSON; all three are read.
  r.post('/ai/defect/version', {
    guard: perm('system:defect:add'),
    query: aiDefectBody,
    isQueryAlsoInBody: true,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: aiDefectVersion,
    handler: (ctx) => suggest(ctx as RouteContext<unknown, unknown, unknown>, 'version', ctx.query),
  });
}
