import { describe, expect, it } from 'vitest';
import { shapeInChunks } from './xlsx.ts';

describe('shapeInChunks', () => {
  it('shapes rows a thousand at a time, in order', async () => {
    const sizes: number[] = [];
    const rows = Array.from({ length: 2500 }, (_, i) => i);
    const out = await shapeInChunks(rows, async (chunk) => {
      sizes.push(chunk.length);
      return chunk.map((n) => n * 2);
    });
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(out).toEqual(rows.map((n) => n * 2));
  });
});
