import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
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
 * - 'upload': per person, UPLOAD_RATE_PER_MINUTE, every upload route together (files, screenshots,
 *   avatars, Excel imports; the file helpers refuse to read an upload on a route without it);
 * - `perPersonPerMinute`: per signed-in person (for a caller kind a feature registered, whom it
 *   names: a ticket's holder), per address for a caller who is neither; each route apart;
 * - a limit a feature registers (`SharedLimits`), counted together over every route that names it
 *   ('api-key': per key, every Open API route; features/open-api/api-key.limit.ts).
 */
export type RateLimit = 'sign-in' | 'register' | 'captcha' | SharedLimitName | { perPersonPerMinute: number };

/**
 * The limits counted together over all the routes that name them: the core's 'upload', and those
 * features add by declaration merging (`'api-key': true`) and register (`RateLimits.share`).
 */
export interface SharedLimits {
  upload: true;
}
export type SharedLimitName = keyof SharedLimits;

/** The limit a route declared, as its Fastify route config carries it (see `assertUploadLimited`). */
export type RateLimitName = Exclude<RateLimit, object> | 'per-person';

/** A shared limit a feature brings: its options, and whether its routes may read uploads. */
export interface SharedLimitSpec {
  options(deps: AppDeps): RateLimitOptions;
  /** Its routes count every request, so they may read an upload (`assertUploadLimited`). */
  countsUploads?: boolean;
}

const MINUTE = 60_000;
const secondsLeft = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000));
export const refusal = (key: MessageKey) => (_req: FastifyRequest, context: { ttl: number }) =>
  new AppError(key, [secondsLeft(context.ttl)], 429);

/** What `app.route` needs for a route's limit: the plugin's per-route config, or a shared hook. */
export type RouteLimitOptions = {
  config: { rateLimitKind: RateLimitName; countsUploads?: boolean; rateLimit?: RateLimitOptions };
  onRequest?: onRequestAsyncHookHandler;
};

/**
 * Limits made once per app. Routes that count together (uploads, and the limits features share,
 * such as the Open API's) share one hook and so one counter per key or person; the others get the
 * plugin's own per-route counter.
 */
export function createRateLimits(
  app: FastifyInstance,
  deps: AppDeps,
  personOf: (guard: Guard) => PersonOf | undefined,
) {
  const specs = new Map<SharedLimitName, SharedLimitSpec>([
    ['upload', { options: uploadLimit, countsUploads: true }],
  ]);
  const hooks = new Map<SharedLimitName, onRequestAsyncHookHandler>();
  const sharedHook = (name: SharedLimitName) => {
    let hook = hooks.get(name);
    if (!hook) {
      const spec = specs.get(name);
      if (!spec) throw new Error(`rate limit '${name}' is named before its feature registers it`);
      // The plugin's hook has the same (request, reply) shape whichever stage runs it.
      hook = app.rateLimit(spec.options(deps)) as onRequestAsyncHookHandler;
      hooks.set(name, hook);
    }
    return hook;
  };
  const limitOf = (limit: RateLimit, guard: Guard): RouteLimitOptions => {
    if (typeof limit === 'object') {
      return {
        config: {
          rateLimitKind: 'per-person',
          rateLimit: perPersonLimit(limit.perPersonPerMinute, deps, personOf(guard)),
        },
      };
    }
    if (limit !== 'sign-in' && limit !== 'register' && limit !== 'captcha') {
      return {
        config: { rateLimitKind: limit, countsUploads: specs.get(limit)?.countsUploads === true },
        onRequest: sharedHook(limit),
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
  return {
    limitOf,
    /** A feature's shared limit, registered before the first route that names it. */
    share(name: SharedLimitName, spec: SharedLimitSpec): void {
      if (specs.has(name)) throw new Error(`rate limit '${name}' is registered twice`);
      specs.set(name, spec);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

/** Whom a per-person limit counts on a route whose caller is not a session (a ticket's holder). */
export type PersonOf = (deps: AppDeps, req: FastifyRequest) => Promise<number | undefined>;

function perPersonLimit(max: number, deps: AppDeps, personOf: PersonOf | undefined): RateLimitOptions {
  return {
    max,
    timeWindow: MINUTE,
    keyGenerator: async (req: FastifyRequest) => {
      const person = personOf
        ? await personOf(deps, req)
        : (await resolvePrincipal(deps.db, req, deps.config.sessionTtlMinutes))?.userId;
      return person === undefined ? `ip:${addressKey(req.ip)}` : `person:${person}`;
    },
    errorResponseBuilder: refusal('request.too-many.person'),
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
 * Reading an upload is allowed only on a route that counts every request (uploads, or a shared
 * limit that says so, such as the Open API's per key): a route added without it fails at once in
 * its tests instead of going unlimited.
 */
export function assertUploadLimited(req: FastifyRequest): void {
  if (!req.routeOptions.config.countsUploads) {
    throw new Error(`${req.routeOptions.url} reads an upload but does not declare rateLimit: 'upload'`);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit the route declared through the router (http/rate-limits.ts). */
    rateLimitKind?: RateLimitName;
    /** The route's limit counts every request, so it may read an upload. */
    countsUploads?: boolean;
  }
}
