import { ALL_PERMISSION, type ApiCapability, SUPER_ADMIN_ROLE } from '@buglet/contracts';

/** Permission and role checks of the original (`@ss`), as pure functions. */

export function hasPermi(held: ReadonlySet<string>, required: string): boolean {
  if (!required) return false;
  return held.has(ALL_PERMISSION) || held.has(required);
}

/** Passes when any listed permission is held; an empty or missing list denies. */
export function hasAnyPermi(held: ReadonlySet<string>, required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return false;
  return required.some((p) => hasPermi(held, p));
}

/** Passes when every listed permission is held; an empty or missing list denies. */
export function hasAllPermi(held: ReadonlySet<string>, required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return false;
  return required.every((p) => hasPermi(held, p));
}

/** The super-administrator role passes every role check. */
export function hasRole(roles: ReadonlySet<string>, required: string): boolean {
  if (!required) return false;
  return roles.has(SUPER_ADMIN_ROLE) || roles.has(required);
}

export function hasAnyRole(roles: ReadonlySet<string>, required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return false;
  return required.some((r) => hasRole(roles, r));
}

export type Guard =
  | { kind: 'anon' }
  | { kind: 'auth' }
  | { kind: 'perm'; any: readonly string[] }
  | { kind: 'allPerm'; all: readonly string[] }
  | { kind: 'role'; any: readonly string[] }
  /** The Open API: a project API key (header CAT2BUG-API-KEY) holding the capability; no session. */
  | { kind: 'apiKey'; capability: ApiCapability }
  /**
   * A signed-in person's short-lived ticket in the query (`?ticket=`), for what a frame loads
   * and so cannot send the session's header: the browser tool's proxy (features/browser).
   */
  | { kind: 'ticket' };

export const anon: Guard = { kind: 'anon' };
export const authenticated: Guard = { kind: 'auth' };
export const perm = (...any: string[]): Guard => ({ kind: 'perm', any });
export const allPerm = (...all: string[]): Guard => ({ kind: 'allPerm', all });
export const role = (...any: string[]): Guard => ({ kind: 'role', any });
export const apiKey = (capability: ApiCapability): Guard => ({ kind: 'apiKey', capability });
export const ticketHolder: Guard = { kind: 'ticket' };

export function guardPasses(guard: Guard, perms: ReadonlySet<string>, roles: ReadonlySet<string>): boolean {
  switch (guard.kind) {
    case 'anon':
    case 'auth':
    case 'ticket':
      return true;
    case 'perm':
      return hasAnyPermi(perms, guard.any);
    case 'allPerm':
      return hasAllPermi(perms, guard.all);
    case 'role':
      return hasAnyRole(roles, guard.any);
    case 'apiKey':
      // Judged by the key alone (features/open-api/api-key.auth.ts): a session never passes.
      return false;
  }
}
