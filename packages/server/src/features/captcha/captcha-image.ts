import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** A math captcha drawn as a small PNG (160x60), with no native image library. */

const WIDTH = 160;
const HEIGHT = 60;

// 5x7 bitmap glyphs, one string of 35 cells per glyph, row by row.
const GLYPHS: Record<string, string> = {
  '0': '01110100011001110101110011000101110',
  '1': '00100011000010000100001000010001110',
  '2': '01110100010000100010001000100011111',
  '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
  '+': '00000001000010011111001000010000000',
  '-': '00000000000000011111000000000000000',
  '*': '00000100010101000100010101000100000',
  '/': '00001000010001000100010001000010000',
  '=': '00000000001111100000111110000000000',
  '?': '01110100010000100010001000000000100',
};

export interface MathChallenge {
  text: string;
  answer: string;
}

/** Operands 0-9 with + - * /; division only when exact, subtraction never negative. */
export function mathChallenge(): MathChallenge {
  const op = ['+', '-', '*', '/'][randomInt(4)] as '+' | '-' | '*' | '/';
  let a = randomInt(10);
  let b = randomInt(10);
  if (op === '-' && b > a) [a, b] = [b, a];
  if (op === '/') {
    b = randomInt(1, 10);
    a = b * randomInt(10);
    if (a > 9) a = b;
  }
  const answer = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
  return { text: `${a}${op}${b}=?`, answer: String(answer) };
}

export function renderCaptchaPng(text: string): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3, 0xf5);
  const set = (x: number, y: number, rgb: readonly number[]) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    pixels[i] = rgb[0] ?? 0;
    pixels[i + 1] = rgb[1] ?? 0;
    pixels[i + 2] = rgb[2] ?? 0;
  };
  for (let n = 0; n < 120; n++) set(randomInt(WIDTH), randomInt(HEIGHT), randomColor(150, 220));
  for (let n = 0; n < 4; n++) drawLine(set, randomColor(120, 200));

  const scale = 4;
  const advance = 6 * scale - 2;
  let x = Math.max(2, Math.floor((WIDTH - text.length * advance) / 2));
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    const y0 = 14 + randomInt(-4, 5);
    const color = randomColor(20, 110);
    if (glyph) {
      for (let gy = 0; gy < 7; gy++) {
        for (let gx = 0; gx < 5; gx++) {
          if (glyph[gy * 5 + gx] !== '1') continue;
          for (let dy = 0; dy < scale; dy++)
            for (let dx = 0; dx < scale; dx++) set(x + gx * scale + dx, y0 + gy * scale + dy, color);
        }
      }
    }
    x += advance;
  }
  return encodePng(pixels);
}

function randomColor(min: number, max: number): number[] {
  return [randomInt(min, max), randomInt(min, max), randomInt(min, max)];
}

function drawLine(set: (x: number, y: number, rgb: readonly number[]) => void, rgb: number[]) {
  const y1 = randomInt(HEIGHT);
  const y2 = randomInt(HEIGHT);
  for (let x = 0; x < WIDTH; x++) set(x, Math.round(y1 + ((y2 - y1) * x) / WIDTH), rgb);
}

function encodePng(rgb: Buffer): Buffer {
  const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) rgb.copy(raw, y * (WIDTH * 3 + 1) + 1, y * WIDTH * 3, (y + 1) * WIDTH * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
