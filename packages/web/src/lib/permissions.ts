import { ALL_PERMISSION, SUPER_ADMIN_ROLE } from '@buglet/contracts/limits';

/** True when the user holds any of the wanted permissions (`*:*:*` holds all). Empty list: false. */
export function checkPermi(held: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.length === 0) return false;
  return held.some((p) => p === ALL_PERMISSION || wanted.includes(p));
}

/** True when the user has any of the wanted roles; the super-admin role passes every check. */
export function checkRole(held: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.length === 0) return false;
  return held.some((r) => r === SUPER_ADMIN_ROLE || wanted.includes(r));
}
