import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from './config.ts';
import type { Db } from './db/connect.ts';
import { registerAiRoutes } from './features/ai/ai.routes.ts';
import { registerBrowserRoutes } from './features/browser/browser.routes.ts';
import { registerCaseExcelRoutes } from './features/cases/case-excel.routes.ts';
import { registerCaseRoutes } from './features/cases/cases.routes.ts';
import { registerConfigRoutes } from './features/configs/configs.routes.ts';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { registerDefectFieldRoutes } from './features/defect-fields/defect-fields.routes.ts';
import { registerDefectExcelRoutes } from './features/defects/defect-excel.routes.ts';
import { registerDefectLogRoutes } from './features/defects/defect-logs.routes.ts';
import { registerDefectShareRoutes } from './features/defects/defect-shares.routes.ts';
import { registerDefectStatisticRoutes } from './features/defects/defect-statistics.routes.ts';
import { registerDefectTabRoutes } from './features/defects/defect-tabs.routes.ts';
import { registerDefectTrendRoutes } from './features/defects/defect-trends.routes.ts';
import { registerDefectRoutes } from './features/defects/defects.routes.ts';
import { registerDeptRoutes } from './features/depts/depts.routes.ts';
import { registerRoleDataScopeRoutes } from './features/depts/role-data-scope.routes.ts';
import { registerDictRoutes } from './features/dicts/dicts.routes.ts';
import { registerDocumentRoutes } from './features/documents/documents.routes.ts';
import { registerFileRoutes } from './features/files/files.routes.ts';
import { registerGenRoutes } from './features/gen/gen.routes.ts';
import { registerHomeRoutes } from './features/home/home.routes.ts';
import { registerJobLogRoutes } from './features/jobs/job-logs.routes.ts';
import { registerJobRoutes } from './features/jobs/jobs.routes.ts';
import { createJobs } from './features/jobs/jobs.service.ts';
import { registerLockRoutes } from './features/locks/locks.routes.ts';
import { registerLoginLogRoutes } from './features/login-log/login-log.routes.ts';
import { registerMenuRoutes } from './features/menus/menus.routes.ts';
import { registerModuleRoutes } from './features/modules/modules.routes.ts';
import { registerMonitorRoutes } from './features/monitor/monitor.routes.ts';
import { registerNoticeRoutes } from './features/notices/notices.routes.ts';
import { subscribeDefectNotices } from './features/notices/notices.service.ts';
import { Outbox } from './features/notices/outbox.ts';
import { registerOnlineRoutes } from './features/online/online.routes.ts';
import { registerOpenApiRoutes } from './features/open-api/open-api.routes.ts';
import { registerProjectApiRoutes } from './features/open-api/project-api.routes.ts';
import { installOperLog } from './features/oper-log/oper-log.recorder.ts';
import { registerOperLogRoutes } from './features/oper-log/oper-log.routes.ts';
import { registerPlanItemRoutes } from './features/plans/plan-items.routes.ts';
import { registerPlanResultRoutes } from './features/plans/plan-results.routes.ts';
import { subscribeRetests } from './features/plans/plan-retest.ts';
import { registerPlanStatisticRoutes } from './features/plans/plan-statistics.routes.ts';
import { registerPlanRoutes } from './features/plans/plans.routes.ts';
import { registerPostRoutes } from './features/posts/posts.routes.ts';
import { registerProfileRoutes } from './features/profile/profile.routes.ts';
import { registerProjectRoutes } from './features/projects/projects.routes.ts';
import { localBus, redisBus } from './features/realtime/bus.ts';
import { subscribeDefectChanges } from './features/realtime/defect-changes.ts';
import { Focus } from './features/realtime/focus.ts';
import { Hub } from './features/realtime/hub.ts';
import { registerRealtimeRoutes } from './features/realtime/realtime.routes.ts';
import { registerReportTemplateRoutes } from './features/reports/report-templates.routes.ts';
import { registerReportRoutes } from './features/reports/reports.routes.ts';
import { registerRoleRoutes } from './features/roles/roles.routes.ts';
import { openStoredSecrets } from './features/secrets/stored-secrets.ts';
import { registerSessionRoutes } from './features/session/session.routes.ts';
import { registerStatisticTemplateRoutes } from './features/statistic-templates/statistic-templates.routes.ts';
import { registerTeamRoutes } from './features/teams/teams.routes.ts';
import { registerTotpRoutes } from './features/totp/totp.routes.ts';
import { registerUserExcelRoutes } from './features/users/user-excel.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.ts';
import { subscribeWebhooks } from './features/webhooks/webhooks.service.ts';
import { registerApiDocsRoutes } from './http/api-docs.routes.ts';
import { frameworkError, installErrorHandling } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { SnapshotLocalStore } from './http/rate-limit-store.ts';
import { createRouter } from './http/route.ts';
import { createEventBus, type EventBus } from './lib/events.ts';
import { connectRedis } from './lib/redis.ts';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Domain events; tests pass their own bus to watch what a request emitted. */
  events?: EventBus;
  logger?: FastifyServerOptions['logger'];
  /** False leaves writes out of the operation log (the benchmark compares with and without). */
  isOperLogOn?: boolean;
}

/** The original's web client is deployed behind these prefixes; both reach the same routes. */
const API_PREFIX = /^\/+(?:prod|dev)-api(?=\/|$|\?)/;

/** The largest XML body read (a JUnit report may be 20 MB). */
const XML_BODY_LIMIT = 21 * 1024 * 1024;

export async function buildApp({
  config,
  db,
  events = createEventBus(),
  logger = false,
  isOperLogOn = true,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withoutTokens(logger),
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    rewriteUrl: (req) => (req.url ?? '/').replace(API_PREFIX, '') || '/',
    // Room for a comma list of a thousand ids in one path segment (http/query.ts MAX_IDS). A
    // reporter whose host is set with a trailing slash calls `//api/report/defect`: repeated
    // slashes are one, on every route.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 12_000 },
    frameworkErrors: frameworkError,
  });
  installErrorHandling(app);
  // Every route Fastify serves, so a test can tell one that declares no access rule.
  const served: Array<{ method: string; url: string }> = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) served.push({ method, url: route.url });
  });
  // Helmet's middleware built once (@fastify/helmet builds it again for every request: 3 % of a
  // defect create's time went to parsing the same policy).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await registerRateLimits(app, config);
  // The original's client sends some bodies (a password to confirm a delete) as plain form text.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  // XML bodies as their text (a CI run's JUnit report), up to a little past the largest a route
  // takes, so that route names the limit itself.
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: XML_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  // Stored credentials are sealed under a key kept out of the database (lib/secrets.ts).
  const secrets = await openStoredSecrets(config, db, app.log);
  const hub = new Hub(
    db,
    config.redisUrl ? await redisBus(config.redisUrl, config.redisPrefix) : localBus(),
    app.log,
  );
  const focus = new Focus(db, hub);
  hub.onOffline = (userId) => focus.closeAll(userId);
  const outbox = new Outbox(db, config, secrets, app.log);
  outbox.start();
  // Reachable from the instance for tests that wait for background deliveries.
  app.decorate('outbox', outbox);
  app.decorate('hub', hub);
  const stopNotices = subscribeDefectNotices({ db, config, hub, outbox }, events, (error) =>
    app.log.error({ err: error }, 'defect notice failed'),
  );
  const stopWebhooks = subscribeWebhooks({ db, outbox }, events, (error) =>
    app.log.error({ err: error }, 'webhook delivery could not be queued'),
  );
  const stopDefectChanges = subscribeDefectChanges({ db, hub }, events, (error) =>
    app.log.error({ err: error }, 'defect changes could not be pushed'),
  );
  const stopRetests = subscribeRetests({ db, config, hub, outbox }, events, (error) =>
    app.log.error({ err: error }, 'plan items could not be put back to retest'),
  );
  // Scheduled jobs: one scheduler per process (ticks claimed in the database across instances).
  const jobs = createJobs({ db, config, outbox, log: app.log });
  if (config.isSchedulerEnabled) jobs.scheduler.start();
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.scheduler.stop();
    await jobs.runner.drain();
  });
  app.addHook('onClose', async () => {
    await stopNotices();
    stopWebhooks();
    stopRetests();
    stopDefectChanges();
    await outbox.stop();
    await hub.close();
  });

  // Reachable from the instance for tests that wait for the log's background writes.
  app.decorate('operLog', installOperLog(app, db, isOperLogOn));
  const r = createRouter(app, { db, config, events, hub, outbox, focus, secrets });
  await registerRealtimeRoutes(app, r);
  registerNoticeRoutes(r);
  registerSessionRoutes(r);
  registerUserRoutes(r);
  registerUserExcelRoutes(r);
  registerProfileRoutes(r);
  registerTotpRoutes(r);
  registerRoleRoutes(r);
  registerRoleDataScopeRoutes(r);
  registerDeptRoutes(r);
  registerPostRoutes(r);
  registerMenuRoutes(r);
  registerDictRoutes(r);
  registerConfigRoutes(r);
  registerLoginLogRoutes(r);
  registerOperLogRoutes(r);
  registerMonitorRoutes(app, r);
  registerOnlineRoutes(r);
  registerJobRoutes(r, jobs);
  registerJobLogRoutes(r);
  registerTeamRoutes(r);
  registerLockRoutes(r);
  registerProjectRoutes(r);
  registerDefectRoutes(r);
  registerDefectLogRoutes(r);
  registerDefectExcelRoutes(r);
  registerModuleRoutes(r);
  registerCaseRoutes(r);
  registerPlanRoutes(r);
  registerPlanItemRoutes(r);
  registerPlanStatisticRoutes(r);
  registerReportRoutes(r);
  registerReportTemplateRoutes(r);
  registerDocumentRoutes(r);
  registerProjectApiRoutes(r);
  registerOpenApiRoutes(app, r);
  // After the Open API, which brings the API-key callers these results come from.
  registerPlanResultRoutes(r);
  registerWebhookRoutes(r);
  registerHomeRoutes(r);
  registerCaseExcelRoutes(r);
  registerStatisticTemplateRoutes(r);
  registerDefectShareRoutes(r);
  registerDefectTabRoutes(r);
  registerDefectStatisticRoutes(r);
  registerDefectTrendRoutes(r);
  registerDefectFieldRoutes(r);
  registerDashboardRoutes(r);
  registerAiRoutes(app, r);
  await registerFileRoutes(app, r);
  registerBrowserRoutes(app, r);
  registerGenRoutes(r);
  // Last: the document describes every route registered before it.
  registerApiDocsRoutes(app, r);

  const webDir = config.webDir ?? defaultWebDir();
  if (fs.existsSync(path.join(webDir, 'index.html'))) {
    r.raw(
      { method: 'GET', url: '/*', access: 'web-client' },
      { method: 'HEAD', url: '/*', access: 'web-client' },
      // The original answers its index page at /index as well as at /.
      { method: 'GET', url: '/index', access: 'web-client' },
      { method: 'HEAD', url: '/index', access: 'web-client' },
    );
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      // A list: with preCompressed, @fastify/static reads a string as a list of one-letter names.
      index: ['index.html'],
      // The build's .br and .gz copies (packages/web/compressed-copies.ts), as the browser accepts.
      preCompressed: true,
      // Assets are named by their content's hash: kept a year. The page itself is asked for anew,
      // so a new build is seen at once.
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/index', (_req, reply) => reply.sendFile('index.html'));
  }
  return app;
}

/**
 * Requests per address on the routes that take a password (sign-in, registration, a share's
 * password), through @fastify/rate-limit: counted in Redis when several instances share one,
 * in this process otherwise. A route opts in with `rateLimit: 'sign-in'` (http/route.ts).
 */
async function registerRateLimits(app: FastifyInstance, config: AppConfig): Promise<void> {
  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl) {
    redis = await connectRedis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2000 });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rate:` } : { store: SnapshotLocalStore }),
    errorResponseBuilder: (_req, context) =>
      new AppError('request.too-many', [Math.max(1, Math.ceil(context.ttl / 1000))], 429),
  });
}

/**
 * What the web client may load and run: its own scripts only (no inline script anywhere, the
 * share page included), styles inline as Ant Design injects them, images from uploads, pasted
 * data and https (Markdown may show them), sockets to this server, pages in frames only from
 * https (the menus' inner links); and no one may frame the app.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  // blob: for a PDF previewed from a fetched document (the file is fetched with the session, then shown).
  frameSrc: ["'self'", 'https:', 'blob:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Helmet's default would upgrade every request to https, which breaks a plain-http install.
  upgradeInsecureRequests: null,
};

function defaultWebDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/** Request logs never carry a socket's `?token=`. */
function withoutTokens(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return {
    ...logger,
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
        hostname: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}
