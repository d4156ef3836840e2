import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mathChallenge, renderCaptchaPng } from './captcha-image.ts';

describe('math captcha', () => {
  it('asks questions with whole, non-negative answers', () => {
    for (let i = 0; i < 500; i++) {
      const { text, answer } = mathChallenge();
      const m = /^(\d)([+\-*/])(\d)=\?$/.exec(text);
      expect(m).not.toBeNull();
      const [a, op, b] = [Number(m?.[1]), m?.[2], Number(m?.[3])];
      const expected = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
      expect(Number(answer)).toBe(expected);
      expect(Number.isInteger(expected) && expected >= 0).toBe(true);
    }
  });

  it('draws a valid 160x60 PNG with ink on it', () => {
    const png = renderCaptchaPng('7*3=?');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(160);
    expect(png.readUInt32BE(20)).toBe(60);
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe((160 * 3 + 1) * 60);
    const dark = [...raw].filter((v) => v < 110).length;
    expect(dark).toBeGreaterThan(300);
  });
});
