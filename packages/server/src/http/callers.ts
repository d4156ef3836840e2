import type { FastifyRequest } from 'fastify';
import type { Principal } from './auth.ts';
import type { AppDeps } from './deps.ts';
import type { Guard } from './permission.ts';
import type { PersonOf, RateLimit } from './rate-limits.ts';

/** The core's own guard kinds: a session (or none), then permissions and roles. */
const CORE_GUARD_KINDS = ['anon', 'auth', 'perm', 'allPerm', 'role'] as const;

/** The guard kinds a feature authenticates (its callers are not a browser's session). */
export type CallerGuardKind = Exclude<Guard['kind'], (typeof CORE_GUARD_KINDS)[number]>;

/**
 * What a route of a registered caller kind reads of its caller, under the name the feature gives
 * it. Features add theirs by declaration merging (`ctx.api`: features/open-api/api-key.auth.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the features that bring callers.
export interface CallerContext {}

/**
 * A kind of caller a feature brings (an API key, a proxy ticket): how a request to a route whose
 * guard has that kind is authenticated. The feature registers it with the router before adding
 * its routes, so the core authenticates such a caller without importing the feature; a route of
 * a kind nobody registered fails when it is added.
 */
export interface CallerKind<K extends Guard['kind'] = Guard['kind']> {
  /**
   * The person the request acts for (null: none, refused); a refusal may also throw. The guard
   * is always one of the kind registered (the core asks a kind only about its own routes).
   */
  authenticate(
    deps: AppDeps,
    req: FastifyRequest,
    guard: Guard & { kind: K },
  ): Promise<{ principal: Principal | null; caller?: unknown }>;
  /** Where the route's context holds what `authenticate` returned as `caller`. */
  contextKey?: keyof CallerContext;
  /** The limit every route of this kind counts against when it declares none. */
  rateLimit?: RateLimit;
  /** Who a per-person rate limit counts on such a route (by default: the session's person). */
  personOf?: PersonOf;
}

/** The caller kinds of one app, as features register them. */
export class CallerKinds {
  readonly #kinds = new Map<CallerGuardKind, CallerKind>();

  register<K extends CallerGuardKind>(kind: K, caller: CallerKind<K>): void {
    if (this.#kinds.has(kind)) throw new Error(`callers of guard kind '${kind}' are registered twice`);
    this.#kinds.set(kind, caller);
  }

  /** The registered kind of a guard; undefined for the core's own (sessions, anonymous). */
  of(guard: Guard): CallerKind | undefined {
    return this.#kinds.get(guard.kind as CallerGuardKind);
  }

  isRegistered(guard: Guard): boolean {
    return this.#kinds.has(guard.kind as CallerGuardKind);
  }

  /** Every context key some kind fills, with the kind that fills it. */
  contextKeys(): Array<[keyof CallerContext, CallerGuardKind]> {
    return [...this.#kinds].flatMap(([kind, c]) =>
      c.contextKey ? [[c.contextKey, kind] as [keyof CallerContext, CallerGuardKind]] : [],
    );
  }
}

export const isCoreGuard = (guard: Guard): boolean =>
  (CORE_GUARD_KINDS as readonly string[]).includes(guard.kind);
