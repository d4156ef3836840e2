import { describe, expect, it } from 'vitest';
import {
  buildWorkbook,
  cellText,
  readFirstSheet,
  shapeInChunks,
  UNPACKED_MAX_BYTES,
  unpackedSize,
} from './xlsx.ts';

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

describe('crafted workbooks', () => {
  it('writes formula-like text inert and reads it back as typed', async () => {
    const texts = [
      '=HYPERLINK("http://evil.test","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      'plain',
      '- a list item',
    ];
    const wb = await buildWorkbook(
      'Sheet',
      [{ key: 'v', header: { zh_CN: '值', en_US: 'Value' }, width: 10 }],
      texts.map((v) => ({ v })),
      'en_US',
    );
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const ws = await readFirstSheet(bytes);
    const raw = texts.map((_, i) => ws?.getRow(i + 2).getCell(1).value);
    expect(raw).toEqual([
      '\'=HYPERLINK("http://evil.test","x")',
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      'plain',
      "'- a list item",
    ]);
    // No cell of the export is a formula.
    expect(raw.every((v) => typeof v === 'string')).toBe(true);
    expect(raw.map((v) => cellText(v as string))).toEqual(texts);
  });

  it('refuses a workbook that would unpack beyond the limit before reading it', async () => {
    const bomb = zipDeclaring(UNPACKED_MAX_BYTES + 1);
    expect(unpackedSize(bomb)).toBe(UNPACKED_MAX_BYTES + 1);
    await expect(readFirstSheet(bomb)).rejects.toMatchObject({ key: 'import.file.unpacks-too-large' });
    expect(unpackedSize(Buffer.from('not a zip at all'))).toBeUndefined();
    expect(await readFirstSheet(Buffer.alloc(0))).toBeUndefined();
  });
});

/** A zip file with one entry whose central directory declares the given unpacked size. */
function zipDeclaring(size: number): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(size, 24);
  entry.writeUInt16LE(name.length, 28);
  const cdStart = local.length + name.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(entry.length + name.length, 12);
  end.writeUInt32LE(cdStart, 16);
  return Buffer.concat([local, name, entry, name, end]);
}
