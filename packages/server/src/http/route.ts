import type { AjaxResult, TableData } from '@buglet/contracts';
import { ResultCode } from '@buglet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Access, loadAccess } from '../access/access.service.ts';
import { lookUpOwner, resolveScope, type Scope, type ScopedAccess } from '../access/scope.ts';
import { type Principal, resolvePrincipal } from './auth.ts';
import { type CallerContext, CallerKinds, isCoreGuard } from './callers.ts';
import type { AppDeps } from './deps.ts';
import { AppError, echo, forbidden } from './errors.ts';
import { type Lang, langFrom, type MessageArg, type MessageKey, translate } from './i18n.ts';
import { type Guard, guardPasses } from './permission.ts';
import { nestParams, queryWithForm } from './query.ts';
import { createRateLimits, type RateLimit } from './rate-limits.ts';
import { parseWith } from './validation.ts';

export type { AppDeps } from './deps.ts';

/** A route's context; a registered caller kind adds what its routes read (http/callers.ts). */
export interface RouteContext<B, Q, P> extends CallerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  lang: Lang;
  /** The signed-in caller, or null on an anonymous route called without a session. */
  principal: Principal | null;
  /** The caller; only on routes that require a session. */
  me: Principal;
  access(): Promise<Access>;
  /** The caller's standing in the route's team or project (routes with a `scope` only). */
  scoped: ScopedAccess;
  t(key: MessageKey, ...args: MessageArg[]): string;
  ok(data?: unknown, extra?: Record<string, unknown>): AjaxResult;
  table<T>(rows: T[], total: number): TableData<T>;
}

type Schema = z.ZodType | undefined;
type Out<S extends Schema, D> = S extends z.ZodType ? z.infer<S> : D;

export interface RouteSpec<BS extends Schema, QS extends Schema, PS extends Schema> {
  guard: Guard;
  body?: BS;
  query?: QS;
  /**
   * The query's fields may come in the body too, as a form (application/x-www-form-urlencoded) or
   * a JSON object, the body's winning: the original's clients post a list's filters as a form to
   * export them, and send in the query string what newer clients send as JSON.
   */
  isQueryAlsoInBody?: true;
  params?: PS;
  /** The team or project the request is about; the caller must belong to it (see access/scope.ts). */
  scope?: (input: {
    body: Out<BS, unknown>;
    query: Out<QS, Record<string, unknown>>;
    params: Out<PS, Record<string, string>>;
  }) => Scope;
  /** Output whitelist: applied to `data` (or to each of `rows`); unknown keys are dropped. */
  output?: z.ZodType;
  /** Requests counted and refused past a limit (http/rate-limits.ts); else its caller kind's. */
  rateLimit?: RateLimit;
  /** The route reads a multipart upload (only such a route may: `receiveFile`), and what it is. */
  upload?: UploadSpec;
  /**
   * The route serves a caller whose password was chosen by someone else and must be changed
   * first (who they are, their menus, the change itself, signing out); every other route
   * refuses such a caller.
   */
  isOpenBeforePasswordChange?: true;
  handler: (
    ctx: RouteContext<Out<BS, unknown>, Out<QS, Record<string, unknown>>, Out<PS, Record<string, string>>>,
  ) => Promise<unknown>;
}

/**
 * A route's multipart upload: the form field that carries the file (several: the first names
 * them all), and whether it is read as an Excel workbook (imports) or kept as a file.
 */
export interface UploadSpec {
  fields: readonly [string, ...string[]];
  kind: 'file' | 'spreadsheet';
}

/** One route as the route table holds it: what the generated authorisation and fuzz tests read. */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  guard: Guard;
  /** The route names a team or project (or an item of one) the caller must belong to. */
  isScoped: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The query's fields may come in the body too (RouteSpec.isQueryAlsoInBody). */
  isQueryAlsoInBody?: boolean;
  params?: z.ZodType;
  /** What the answer's data (or each row) is whitelisted to. */
  output?: z.ZodType;
  upload?: UploadSpec;
  isOpenBeforePasswordChange?: boolean;
}

/**
 * A route Fastify serves that is not made through the router (a plugin's, or a socket), with the
 * rule that admits callers, stated where it is registered so the route table knows every route.
 */
export interface RawRouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  url: string;
  access: 'public-files' | 'web-client' | 'socket-own-session';
}

export type Router = ReturnType<typeof createRouter>;

/** Binds contract schemas, the permission guard and the envelope to Fastify routes. */
export function createRouter(app: FastifyInstance, deps: AppDeps) {
  const routes: RouteEntry[] = [];
  const rawRoutes: RawRouteEntry[] = [];
  app.decorate('routeTable', { routes, rawRoutes });
  app.decorateRequest('principal', null);
  const callers = new CallerKinds();
  const limits = createRateLimits(app, deps, (guard) => callers.of(guard)?.personOf);
  const add =
    (method: RouteEntry['method']) =>
    <BS extends Schema, QS extends Schema, PS extends Schema>(url: string, spec: RouteSpec<BS, QS, PS>) => {
      const caller = callers.of(spec.guard);
      if (!caller && !isCoreGuard(spec.guard))
        throw new Error(`${method} ${url}: no feature registered callers of guard kind '${spec.guard.kind}'`);
      routes.push({
        method,
        url,
        guard: spec.guard,
        isScoped: spec.scope !== undefined,
        ...(spec.body ? { body: spec.body } : {}),
        ...(spec.query ? { query: spec.query } : {}),
        ...(spec.isQueryAlsoInBody ? { isQueryAlsoInBody: true } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.output ? { output: spec.output } : {}),
        ...(spec.upload ? { upload: spec.upload } : {}),
        isOpenBeforePasswordChange: spec.isOpenBeforePasswordChange === true,
      });
      // A caller kind's routes count against its limit (the Open API's per key) unless they say.
      const limit = spec.rateLimit ?? caller?.rateLimit;
      const limited = limit ? limits.limitOf(limit, spec.guard) : undefined;
      app.route({
        method,
        url,
        ...limited,
        config: { ...limited?.config, ...(spec.upload ? { upload: spec.upload } : {}) },
        handler: async (req, reply) => {
          const ctx = await buildContext(deps, callers, req, reply, spec);
          const result = await spec.handler(ctx as never);
          if (reply.sent) return reply;
          return spec.output ? whitelist(result, spec.output) : result;
        },
      });
    };
  return {
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    delete: add('DELETE'),
    /** Declares the access rule of routes registered straight on Fastify (see RawRouteEntry). */
    raw: (...entries: RawRouteEntry[]) => rawRoutes.push(...entries),
    /** Where a feature registers a kind of caller, before its routes (http/callers.ts). */
    callers: { register: callers.register.bind(callers) },
    /** Where a feature registers a limit its routes count together (http/rate-limits.ts). */
    limits: { share: limits.share },
    deps,
  };
}

async function buildContext<BS extends Schema, QS extends Schema, PS extends Schema>(
  deps: AppDeps,
  callers: CallerKinds,
  req: FastifyRequest,
  reply: FastifyReply,
  spec: RouteSpec<BS, QS, PS>,
): Promise<RouteContext<unknown, unknown, unknown>> {
  const lang = langFrom(req.headers.language);
  req.lang = lang;
  // A scoped route's input is read first, so that the project of the item it names is looked up
  // while the session is (one wait on PostgreSQL instead of two). What the input gets wrong, and
  // the lookup's answer, reach only a known caller, after the session checks below.
  const readInput = () => ({
    body: spec.body ? parseWith(spec.body, req.body ?? {}) : req.body,
    query: spec.query
      ? parseWith(
          spec.query,
          spec.isQueryAlsoInBody ? queryWithForm(req) : nestParams(req.query as Record<string, unknown>),
        )
      : req.query,
    params: spec.params ? parseWith(spec.params, req.params) : req.params,
  });
  let early: { input?: ReturnType<typeof readInput>; scope?: Scope; error?: unknown } = {};
  if (spec.scope) {
    try {
      const input = readInput();
      early = { input, scope: spec.scope(input as never) };
    } catch (error) {
      early = { error };
    }
  }
  const owner = early.scope ? lookUpOwner(deps.db, early.scope) : undefined;
  // Awaited only for a known caller (resolveScope); a refused one leaves it unread.
  owner?.catch(() => undefined);
  const callerKind = callers.of(spec.guard);
  const { principal, caller } = callerKind
    ? await callerKind.authenticate(deps, req, spec.guard)
    : { principal: await resolvePrincipal(deps.db, req, deps.config.sessionTtlMinutes), caller: undefined };
  // Kept on the request for what runs after the handler (the operation log names the operator).
  req.principal = principal;
  if (!principal && spec.guard.kind !== 'anon') {
    throw new AppError('auth.unauthorized', [echo(req.url)], ResultCode.unauthorized);
  }
  if (principal?.isPasswordChangeRequired && spec.guard.kind !== 'anon' && !spec.isOpenBeforePasswordChange) {
    throw new AppError('user.password.change-required', [], ResultCode.forbidden, {
      passwordChangeRequired: true,
    });
  }
  const access = () => {
    if (!principal) throw new AppError('auth.unauthorized', [echo(req.url)], ResultCode.unauthorized);
    accessPromise ??= loadAccess(deps.db, principal.userId, principal.context, true, principal.authStamp);
    return accessPromise;
  };
  let accessPromise: Promise<Access> | undefined;
  // A registered caller kind has judged its caller; the core judges permissions and roles.
  const guarded = isCoreGuard(spec.guard) && spec.guard.kind !== 'anon' && spec.guard.kind !== 'auth';
  // A route judged by platform roles refuses a caller without the permission before it reads
  // the input, so a refused caller learns nothing of what the route expects.
  if (guarded && !spec.scope) {
    const a = await access();
    if (!guardPasses(spec.guard, a.permissions, a.roleKeys)) throw forbidden();
  }
  if (early.error !== undefined) throw early.error;
  const { body, query, params } = early.input ?? readInput();

  // A scoped route is judged by the caller's roles in the team or project it names.
  const scope = principal ? early.scope : undefined;
  const scoped = scope && principal ? await resolveScope(deps.db, principal, scope, owner) : undefined;
  if (scoped) accessPromise = Promise.resolve(scoped);
  if (guarded && spec.scope && principal) {
    const a = await access();
    if (!guardPasses(spec.guard, a.permissions, a.roleKeys)) throw forbidden();
  }
  const t = (key: MessageKey, ...args: MessageArg[]) => translate(lang, key, args);
  const context: RouteContext<unknown, unknown, unknown> = {
    get scoped() {
      if (!scoped) throw new Error('route has no scope');
      return scoped;
    },
    req,
    reply,
    lang,
    principal,
    get me() {
      if (!principal) throw new AppError('auth.unauthorized', [echo(req.url)], ResultCode.unauthorized);
      return principal;
    },
    body,
    query,
    params,
    access,
    t,
    ok: (data, extra) => ({
      code: ResultCode.success,
      msg: t('op.success'),
      ...(data === undefined ? {} : { data }),
      ...extra,
    }),
    table: (rows, total) => ({ code: ResultCode.success, msg: t('query.success'), rows, total }),
  } as RouteContext<unknown, unknown, unknown>;
  // What a caller kind's routes read of their caller (`ctx.api`); any other route reading it is a bug.
  for (const [key, kind] of callers.contextKeys())
    Object.defineProperty(context, key, {
      get() {
        if (kind !== spec.guard.kind) throw new Error(`${req.routeOptions.url} is not a '${kind}' route`);
        return caller;
      },
    });
  return context;
}

function whitelist(result: unknown, schema: z.ZodType): unknown {
  if (!result || typeof result !== 'object') return result;
  const r = result as Record<string, unknown>;
  if (Array.isArray(r.rows)) return { ...r, rows: r.rows.map((row) => schema.parse(row)) };
  if ('data' in r && r.data !== undefined && r.data !== null) {
    return { ...r, data: Array.isArray(r.data) ? r.data.map((d) => schema.parse(d)) : schema.parse(r.data) };
  }
  return result;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The upload the route declared (`RouteSpec.upload`): what `receiveFile` reads. */
    upload?: UploadSpec;
  }
  interface FastifyRequest {
    lang: Lang;
    /** The caller the router resolved (an API key's hidden user on the Open API), else null. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every route made through the router, and the declared others (tests read it). */
    routeTable: { routes: RouteEntry[]; rawRoutes: RawRouteEntry[] };
    /** Every (method, url) Fastify registered, whoever registered it. */
    servedRoutes: Array<{ method: string; url: string }>;
  }
}
