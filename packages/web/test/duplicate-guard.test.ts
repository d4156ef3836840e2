import { describe, expect, it } from 'vitest';
import { createDuplicateGuard } from '../src/lib/duplicate-guard.ts';

function guardAt(times: number[]) {
  let index = 0;
  return createDuplicateGuard({ windowMs: 1000, maxBytes: 100, now: () => times[index++] ?? 0 });
}

describe('duplicate-submit guard', () => {
  it('rejects the same url and body within the window', () => {
    const isDuplicate = guardAt([0, 500]);
    expect(isDuplicate({ url: '/a', body: '{"x":1}' })).toBe(false);
    expect(isDuplicate({ url: '/a', body: '{"x":1}' })).toBe(true);
  });

  it('accepts the same submit once the window has passed', () => {
    const isDuplicate = guardAt([0, 1000]);
    expect(isDuplicate({ url: '/a', body: 'b' })).toBe(false);
    expect(isDuplicate({ url: '/a', body: 'b' })).toBe(false);
  });

  it('accepts a different body or a different url', () => {
    const isDuplicate = guardAt([0, 10, 20]);
    expect(isDuplicate({ url: '/a', body: 'b' })).toBe(false);
    expect(isDuplicate({ url: '/a', body: 'c' })).toBe(false);
    expect(isDuplicate({ url: '/b', body: 'c' })).toBe(false);
  });

  it('never compares bodies at or above the size cap', () => {
    const isDuplicate = guardAt([0, 1]);
    const big = 'x'.repeat(100);
    expect(isDuplicate({ url: '/a', body: big })).toBe(false);
    expect(isDuplicate({ url: '/a', body: big })).toBe(false);
  });
});
