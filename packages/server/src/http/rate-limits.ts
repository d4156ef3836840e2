import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ticketOf } from '../features/browser/proxy-ticket.ts';
import { apiKeyHash, apiKeyOf } from '../features/open-api/api-key.ts';
import { addressKey } from '../lib/client-address.ts';
import { resolvePrincipal } from './auth.ts';
import type { AppDeps } from './deps.ts';
import { AppError } from './errors.ts';
import type { MessageKey } from './i18n.ts';
import type { Guard } from './permission.ts';

/**
 * How a route is rate-limited (@fastify/rate-limit; counted in Redis when REDIS_URL is set, so
 * across instances). Every refusal is `{code: 429}` with a translated message naming the wait.
 * - 'sign-in': per address, SIGN_IN_RATE_PER_MINUTE (routes that take a password; each route apart);
 * - 'register': per address, REGISTER_RATE_PER_MINUTE;
 * - 'captcha': per address, CAPTCHA_RATE_PER_MINUTE;
 * - 'api-key': per key, API_RATE_PER_MINUTE, every Open API route together; a call without a key
 *   the server knows counts against its address, so made-up keys do not each get a fresh count.
 *   Routes with an `apiKey` guard get it without saying so;
 * - 'upload': per person, UPLOAD_RATE_PER_MINUTE, every upload route together (files, screenshots,
 *   avatars, Excel imports; the file helpers refuse to read an upload on a route without it);
 * - `perPersonPerMinute`: per signed-in person (the ticket's holder on a ticket route), per
 *   address for a caller who is neither; each route apart.
 */
export type RateLimit =
  | 'sign-in'
  | 'register'
  | 'captcha'
  | 'api-key'
  | 'upload'
  | { perPersonPerMinute: number };

/** The limit a route declared, as its Fastify route config carries it (see `assertUploadLimited`). */
export type RateLimitName = Exclude<RateLimit, object> | 'per-person';

const MINUTE = 60_000;
const secondsLeft = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));
const refusal = (key: MessageKey) => (_req: FastifyRequest, context: { ttl: number }) =>
  new AppError(key, [secondsLeft(context.ttl)], 429);

/** What `app.route` needs for a route's limit: the plugin's per-route config, or a shared hook. */
export type RouteLimitOptions = {
  config: { rateLimitKind: RateLimitName; rateLimit?: RateLimitOptions };
  onRequest?: onRequestAsyncHookHandler;
};

/**
 * Limits made once per app. Routes that count together (the Open API, uploads) share one hook and
 * so one counter per key or person; the others get the plugin's own per-route counter.
 */
export function createRateLimits(app: FastifyInstance, deps: AppDeps) {
  const shared = new Map<'api-key' | 'upload', onRequestAsyncHookHandler>();
  const sharedHook = (kind: 'api-key' | 'upload') => {
    let hook = shared.get(kind);
    if (!hook) {
      // The plugin's hook has the same (request, reply) shape whichever stage runs it.
      hook = app.rateLimit(
        kind === 'api-key' ? apiKeyLimit(deps) : uploadLimit(deps),
      ) as onRequestAsyncHookHandler;
      shared.set(kind, hook);
    }
    return hook;
  };
  return (limit: RateLimit, guard: Guard): RouteLimitOptions => {
    if (limit === 'api-key' || limit === 'upload') {
      return { config: { rateLimitKind: limit }, onRequest: sharedHook(limit) };
    }
    if (typeof limit === 'object') {
      return {
        config: {
          rateLimitKind: 'per-person',
          rateLimit: perPersonLimit(limit.perPersonPerMinute, guard, deps),
        },
      };
    }
    const { config } = deps;
    const max = {
      'sign-in': config.signInRatePerMinute,
      register: config.registerRatePerMinute,
      captcha: config.captchaRatePerMinute,
    }[limit];
    const message: MessageKey = {
      'sign-in': 'request.too-many' as const,
      register: 'request.too-many.register' as const,
      captcha: 'request.too-many.captcha' as const,
    }[limit];
    return {
      config: {
        rateLimitKind: limit,
        rateLimit: {
          max,
          timeWindow: MINUTE,
          // An IPv6 caller by its /64 (lib/client-address.ts): else each address is a fresh count.
          keyGenerator: (req: FastifyRequest) => addressKey(req.ip),
          errorResponseBuilder: refusal(message),
        },
      },
    };
  };
}

function perPersonLimit(max: number, guard: Guard, deps: AppDeps): RateLimitOptions {
  return {
    max,
    timeWindow: MINUTE,
    keyGenerator: async (req: FastifyRequest) => {
      const person =
        guard.kind === 'ticket'
          ? (await ticketOf(deps.db, req))?.userId
          : (await resolvePrincipal(deps.db, req, deps.config.sessionTtlMinutes))?.userId;
      return person === undefined ? `ip:${addressKey(req.ip)}` : `person:${person}`;
    },
    errorResponseBuilder: refusal('request.too-many.person'),
  };
}

function apiKeyLimit({ db, config }: AppDeps): RateLimitOptions {
  const byKey = new WeakSet<FastifyRequest>();
  return {
    max: config.apiRatePerMinute,
    timeWindow: MINUTE,
    // Per key (its hash, so the key is never a counter's name).
    keyGenerator: async (req: FastifyRequest) => {
      const key = apiKeyOf(req);
      if (key) {
        const hash = apiKeyHash(key);
        const known = await db
          .selectFrom('sysProjectApi')
          .select('apiId')
          .where('keyHash', '=', hash)
          .executeTakeFirst();
        if (known) {
          byKey.add(req);
          return `api-key:key:${hash}`;
        }
      }
      return `api-key:ip:${addressKey(req.ip)}`;
    },
    errorResponseBuilder: (req: FastifyRequest, context: { ttl: number }) =>
      refusal(byKey.has(req) ? 'request.too-many.key' : 'request.too-many.address')(req, context),
  };
}

function uploadLimit({ db, config }: AppDeps): RateLimitOptions {
  return {
    max: config.uploadRatePerMinute,
    timeWindow: MINUTE,
    keyGenerator: async (req: FastifyRequest) => {
      const person = (await resolvePrincipal(db, req, config.sessionTtlMinutes))?.userId;
      return person === undefined ? `upload:ip:${addressKey(req.ip)}` : `upload:person:${person}`;
    },
    errorResponseBuilder: refusal('request.too-many.upload'),
  };
}

/**
 * Reading an upload is allowed only on a route that counts uploads (or an Open API route, which
 * counts per key): a route added without it fails at once in its tests instead of going unlimited.
 */
export function assertUploadLimited(req: FastifyRequest): void {
  const kind = req.routeOptions.config.rateLimitKind;
  if (kind !== 'upload' && kind !== 'api-key') {
    throw new Error(`${req.routeOptions.url} reads an upload but does not declare rateLimit: 'upload'`);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit the route declared through the router (http/rate-limits.ts). */
    rateLimitKind?: RateLimitName;
  }
}
