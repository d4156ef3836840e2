import { describe, expect, it } from 'vitest';
import {
  allPerm,
  anon,
  authenticated,
  guardPasses,
  hasAllPermi,
  hasAnyPermi,
  hasAnyRole,
  hasPermi,
  hasRole,
  perm,
  role,
} from './permission.ts';

const held = (...p: string[]) => new Set(p);

describe('permission checks', () => {
  it('passes the wildcard and exact strings only', () => {
    expect(hasPermi(held('*:*:*'), 'system:user:list')).toBe(true);
    expect(hasPermi(held('system:user:list'), 'system:user:list')).toBe(true);
    expect(hasPermi(held('system:user:list'), 'system:user:add')).toBe(false);
    expect(hasPermi(held('system:user:*'), 'system:user:add')).toBe(false);
    expect(hasPermi(held(), 'system:user:list')).toBe(false);
    expect(hasPermi(held('*:*:*'), '')).toBe(false);
  });

  it('any-of passes on one match; an empty or missing list denies even the wildcard', () => {
    expect(hasAnyPermi(held('b'), ['a', 'b'])).toBe(true);
    expect(hasAnyPermi(held('c'), ['a', 'b'])).toBe(false);
    expect(hasAnyPermi(held('*:*:*'), [])).toBe(false);
    expect(hasAnyPermi(held('*:*:*'), undefined)).toBe(false);
  });

  it('all-of needs every string; an empty list denies', () => {
    expect(hasAllPermi(held('a', 'b'), ['a', 'b'])).toBe(true);
    expect(hasAllPermi(held('a'), ['a', 'b'])).toBe(false);
    expect(hasAllPermi(held('*:*:*'), ['a', 'b'])).toBe(true);
    expect(hasAllPermi(held('a'), [])).toBe(false);
  });

  it('role checks let admin pass and deny empty lists', () => {
    expect(hasRole(held('admin'), 'team.admin')).toBe(true);
    expect(hasRole(held('team.admin'), 'team.admin')).toBe(true);
    expect(hasRole(held('team.default'), 'team.admin')).toBe(false);
    expect(hasRole(held('admin'), '')).toBe(false);
    expect(hasAnyRole(held('x'), ['y', 'x'])).toBe(true);
    expect(hasAnyRole(held('admin'), [])).toBe(false);
  });

  it('route guards combine them', () => {
    const none = held();
    expect(guardPasses(anon, none, none)).toBe(true);
    expect(guardPasses(authenticated, none, none)).toBe(true);
    expect(guardPasses(perm('a', 'b'), held('b'), none)).toBe(true);
    expect(guardPasses(perm(), held('*:*:*'), none)).toBe(false);
    expect(guardPasses(allPerm('a', 'b'), held('a'), none)).toBe(false);
    expect(guardPasses(role('team.admin'), none, held('admin'))).toBe(true);
    expect(guardPasses(role('team.admin'), none, held('default'))).toBe(false);
  });
});
