import { describe, expect, it } from 'vitest';
import { checkPermi, checkRole } from '../src/lib/permissions.ts';

describe('checkPermi', () => {
  it('passes with any one of the wanted permissions', () => {
    expect(
      checkPermi(['system:user:list', 'system:user:edit'], ['system:user:add', 'system:user:edit']),
    ).toBe(true);
  });

  it('fails when none is held', () => {
    expect(checkPermi(['system:user:list'], ['system:user:remove'])).toBe(false);
  });

  it('treats *:*:* as every permission', () => {
    expect(checkPermi(['*:*:*'], ['monitor:online:forceLogout'])).toBe(true);
  });

  it('fails for an empty wanted list', () => {
    expect(checkPermi(['*:*:*'], [])).toBe(false);
  });
});

describe('checkRole', () => {
  it('passes with any one of the wanted roles', () => {
    expect(checkRole(['common', 'default'], ['default'])).toBe(true);
  });

  it('lets the admin role through every check', () => {
    expect(checkRole(['admin'], ['team.admin'])).toBe(true);
  });

  it('fails without a matching role', () => {
    expect(checkRole(['ROLE_DEFAULT'], ['common'])).toBe(false);
  });
});
