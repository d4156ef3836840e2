import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../lib/version.ts';
import type { Lang } from './i18n.ts';
import { API_DOCS_PATH, buildOpenApi } from './openapi.ts';
import { anon } from './permission.ts';
import type { Router } from './route.ts';

/**
 * The OpenAPI document of every route, public as in the original (springdoc's /v3/api-docs).
 * Registered after every other route; built on the first request in each language (the
 * `language` header, as every answer), when the table is complete, and kept: the routes do not
 * change while the server runs.
 */
export function registerApiDocsRoutes(app: FastifyInstance, r: Router): void {
  const documents: Partial<Record<Lang, object>> = {};
  r.get(API_DOCS_PATH, {
    guard: anon,
    handler: async (ctx) => {
      // Its texts follow the header: a cache in front keeps one copy per language.
      ctx.reply.header('vary', 'language');
      documents[ctx.lang] ??= buildOpenApi(app.routeTable.routes, { version: APP_VERSION, lang: ctx.lang });
      return documents[ctx.lang];
    },
  });
}
