import { describe, expect, it } from 'vitest';
import { formatFileSize, isExternal, isNumericString } from './format.ts';

describe('isNumericString', () => {
  it.each(['0', '7', '-3', '+12', '10.5', '-0.25', '123456789'])('accepts %s', (v) => {
    expect(isNumericString(v)).toBe(true);
  });
  it.each(['', '01', '-01', '1.', '.5', '1e3', 'abc', '1,000', ' 1', '+', '--1'])('refuses %j', (v) => {
    expect(isNumericString(v)).toBe(false);
  });
});

describe('isExternal', () => {
  it.each(['http://a.b', 'https://a.b/c', 'mailto:x@y.z', 'tel:+86123'])('treats %s as external', (v) => {
    expect(isExternal(v)).toBe(true);
  });
  it.each(['/index', 'system/user', 'ftp://a', 'httpx://a', 'javascript:alert(1)'])(
    'treats %s as internal',
    (v) => {
      expect(isExternal(v)).toBe(false);
    },
  );
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [30 * 1024 * 1024, '30 MB'],
    [123456789, '118 MB'],
    [1024 ** 3 * 1.234, '1.23 GB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1020 YB'],
  ])('formats %d as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
  it('answers an empty string for nonsense', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
