import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
// @ts-expect-error the plugin's in-memory store has no type declarations of its own
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';

type Count = { current: number; ttl: number };
type Answer = (error: Error | null, result?: Count) => void;
type Inner = {
  incr(key: string, cb: Answer, timeWindow: number, max: number): void;
  read(key: string, cb: Answer, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Inner;
};

/**
 * @fastify/rate-limit's in-memory store with its answers copied. The store hands every request
 * the same counter object, which the plugin reads only after an await: requests at once all read
 * the last count, so five at once against a limit of three were all refused (none let through).
 * A copy taken when the count is made keeps each request's own number. (The Redis store answers
 * fresh objects already.)
 */
function wrap(inner: Inner): FastifyRateLimitStore & { read: Inner['read'] } {
  const copied =
    (cb: Answer): Answer =>
    (error, result) =>
      cb(error, result && { ...result });
  return {
    incr: (key, cb, timeWindow, max) => inner.incr(key, copied(cb), timeWindow, max),
    read: (key, cb, timeWindow, max) => inner.read(key, copied(cb), timeWindow, max),
    child: (routeOptions) => wrap(inner.child(routeOptions)),
  };
}

export const SnapshotLocalStore = function SnapshotLocalStore(options: FastifyRateLimitOptions) {
  const o = options as FastifyRateLimitOptions & {
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
  };
  return wrap(new LocalStore(o.continueExceeding, o.exponentialBackoff) as Inner);
} as unknown as new (
  options: FastifyRateLimitOptions,
) => FastifyRateLimitStore;
