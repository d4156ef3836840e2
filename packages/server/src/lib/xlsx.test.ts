import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../test/zip-bomb.ts';
import { buildWorkbook, cellText, readFirstSheet, shapeInChunks, UNPACKED_MAX_BYTES } from './xlsx.ts';
import { declaredSize, measureInflation } from './zip-inflation.ts';

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

  it('writes the hidden list sheet of drop-down values inert too', async () => {
    const wb = await buildWorkbook(
      'Sheet',
      [
        {
          key: 'v',
          header: { zh_CN: '值', en_US: 'Value' },
          width: 10,
          choices: ['=cmd|"/C calc"!A0', 'Ann'],
        },
      ],
      [],
      'en_US',
    );
    const read = new (await import('exceljs')).default.Workbook();
    await read.xlsx.load((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const lists = read.getWorksheet('lists');
    expect(lists?.getCell('A1').value).toBe('\'=cmd|"/C calc"!A0');
    expect(lists?.getCell('A2').value).toBe('Ann');
  });
});

describe('zip bombs', () => {
  it('refuses a workbook whose sheet unpacks past the limit, whatever it declares, with flat memory', async () => {
    // 1.2 MB that declares 5,000 bytes and unpacks to 1.2 GB: the outside probe's file.
    const bomb = xlsxBomb({ inflatedMb: 1200, declaredBytes: 5000 });
    expect(bomb.length).toBeLessThan(2 << 20);
    expect(declaredSize(bomb)).toBeLessThan(10_000);
    const rss = process.memoryUsage.rss();
    const started = performance.now();
    await expect(readFirstSheet(bomb)).rejects.toMatchObject({ key: 'import.file.unpacks-too-large' });
    expect(process.memoryUsage.rss() - rss).toBeLessThan(60 << 20);
    // The count stops at the limit (100 MB), not at the end of the 1.2 GB.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('takes a workbook within the limit and refuses one that lies about its sizes', async () => {
    const under = xlsxBomb({ inflatedMb: 2, declaredBytes: 2 << 20 });
    expect(await measureInflation(under, UNPACKED_MAX_BYTES)).toMatchObject({ kind: 'within' });
    // Declaring the true size is no way past the limit either.
    const honest = xlsxBomb({ inflatedMb: 101, declaredBytes: 101 << 20 });
    await expect(readFirstSheet(honest)).rejects.toMatchObject({ key: 'import.file.unpacks-too-large' });
    // Unpacking to another size than it says: not a workbook we read.
    const lying = xlsxBomb({ inflatedMb: 2, declaredBytes: 5000 });
    expect(await measureInflation(lying, UNPACKED_MAX_BYTES)).toEqual({ kind: 'invalid' });
    expect(await readFirstSheet(lying)).toBeUndefined();
    expect(declaredSize(Buffer.from('not a zip at all'))).toBeUndefined();
    expect(await readFirstSheet(Buffer.from('not a zip at all'))).toBeUndefined();
    expect(await readFirstSheet(Buffer.alloc(0))).toBeUndefined();
  });
});
