import { describe, expect, it } from 'vitest';
import {
  brokenPasswordRule,
  DEFAULT_PASSWORD_POLICY,
  invalidPolicyValue,
  PASSWORD_POLICY_KEYS,
  readPasswordPolicy,
} from './password-policy.ts';

describe('brokenPasswordRule', () => {
  const strict = { minLength: 8, requireLetter: true, requireDigit: true };
  it.each([
    ['abc1234', 'length'],
    ['12345678', 'letter'],
    ['abcdefgh', 'digit'],
    ['abcd1234', undefined],
    // Any alphabet's letters count; length is in characters, not bytes.
    ['密码密码密码12', undefined],
    ['密码1', 'length'],
    ['ÄÖÜäöü99', undefined],
    ['!!!!!!!!', 'letter'],
    ['١٢٣٤٥٦٧a', 'digit'],
  ])('%s under a strict policy: %s', (password, rule) => {
    expect(brokenPasswordRule(strict, password)).toBe(rule);
  });

  it('the default keeps the seeded passwords valid: cat2bug, 123456', () => {
    expect(brokenPasswordRule(DEFAULT_PASSWORD_POLICY, 'cat2bug')).toBeUndefined();
    expect(brokenPasswordRule(DEFAULT_PASSWORD_POLICY, '123456')).toBeUndefined();
    expect(brokenPasswordRule(DEFAULT_PASSWORD_POLICY, 'secret')).toBe('digit');
    expect(brokenPasswordRule(DEFAULT_PASSWORD_POLICY, 'abc12')).toBe('length');
  });
});

describe('the records', () => {
  it('are read leniently: anything unreadable keeps its default', () => {
    expect(readPasswordPolicy({})).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(readPasswordPolicy({ minLength: ' 12 ', requireLetter: 'TRUE', requireDigit: 'false' })).toEqual({
      minLength: 12,
      requireLetter: true,
      requireDigit: false,
    });
    expect(readPasswordPolicy({ minLength: '3', requireLetter: 'yes', requireDigit: '' })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
    expect(readPasswordPolicy({ minLength: '99' }).minLength).toBe(DEFAULT_PASSWORD_POLICY.minLength);
  });

  it('are saved only with values that read as meant', () => {
    const { minLength, requireDigit } = PASSWORD_POLICY_KEYS;
    expect(['5', '20', ' 8 '].map((v) => invalidPolicyValue(minLength, v))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(['4', '21', '8.0', 'eight', ''].map((v) => invalidPolicyValue(minLength, v))).toEqual(
      Array(5).fill('min-length'),
    );
    expect(['true', 'False'].map((v) => invalidPolicyValue(requireDigit, v))).toEqual([undefined, undefined]);
    expect(['1', 'yes', ''].map((v) => invalidPolicyValue(requireDigit, v))).toEqual([
      'flag',
      'flag',
      'flag',
    ]);
    expect(invalidPolicyValue('sys.index.skinName', 'anything')).toBeUndefined();
  });
});
