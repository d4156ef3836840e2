import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../http/auth.ts';
import { refusal } from '../../http/rate-limits.ts';
import type { Router } from '../../http/route.ts';
import { addressKey } from '../../lib/client-address.ts';
import { type ApiCaller, resolveApiCaller } from './api-key.auth.ts';
import { apiKeyHash, apiKeyOf } from './api-key.ts';

/**
 * The Open API's caller, registered with the core (http/callers.ts): a route guarded by
 * `apiKey(capability)` is called with a project key, never a session; its handler reads the key
 * as `ctx.api` and acts as the key's hidden user. Every such route counts against 'api-key'.
 */
export function registerApiKeyCaller(r: Router): void {
  r.limits.share('api-key', { options: apiKeyLimit, countsUploads: true });
  r.callers.register('apiKey', {
    contextKey: 'api',
    rateLimit: 'api-key',
    authenticate: async (deps, req, guard) => {
      const api = await resolveApiCaller(deps.db, req, guard.capability);
      return { principal: principalOfKey(api), caller: api };
    },
  });
}

/** The hidden user that stands for a key, as the principal of an Open API request. */
const principalOfKey = (api: ApiCaller): Principal => ({
  tokenId: `api:${api.apiId}`,
  userId: api.userId,
  userName: api.userName,
  isDefaultPassword: false,
  isPasswordChangeRequired: false,
  context: {
    userConfigId: null,
    currentTeamId: api.teamId,
    currentProjectId: api.projectId,
    lifeContent: null,
  },
});

/**
 * Per key, API_RATE_PER_MINUTE, every Open API route together (counted by the key's hash, so the
 * key is never a counter's name); a call without a key the server knows counts against its
 * address, so made-up keys do not each get a fresh count.
 */
function apiKeyLimit({ db, config }: Router['deps']): RateLimitOptions {
  const byKey = new WeakSet<FastifyRequest>();
  return {
    max: config.apiRatePerMinute,
    timeWindow: 60_000,
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

declare module '../../http/callers.ts' {
  interface CallerContext {
    /** The API key calling (routes guarded by `apiKey`, only). */
    api: ApiCaller;
  }
}

declare module '../../http/rate-limits.ts' {
  interface SharedLimits {
    'api-key': true;
  }
}
