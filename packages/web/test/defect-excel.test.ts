import { describe, expect, it } from 'vitest';
import { totalText } from '../src/hooks/use-pagination.ts';
import i18n from '../src/lib/i18n.ts';
import { checkImportFile, readImportFailure } from '../src/lib/import-file.ts';

const MB = 1024 * 1024;

describe('defect import file check', () => {
  it('takes an .xlsx of up to 30 MB, whatever the case of its extension', () => {
    expect(checkImportFile({ name: 'defects.xlsx', size: 10 * 1024 })).toBeUndefined();
    expect(checkImportFile({ name: 'DEFECTS.XLSX', size: 30 * MB })).toBeUndefined();
  });

  it('refuses other formats, a name without extension and a file over 30 MB', () => {
    const format = { key: 'import.format-error' };
    expect(checkImportFile({ name: 'defects.xls', size: 100 })).toEqual(format);
    expect(checkImportFile({ name: 'defects.csv', size: 100 })).toEqual(format);
    expect(checkImportFile({ name: 'xlsx', size: 100 })).toEqual(format);
    expect(checkImportFile({ name: 'defects.xlsx.zip', size: 100 })).toEqual(format);
    expect(checkImportFile({ name: 'defects.xlsx', size: 30 * MB + 1 })).toEqual({
      key: 'import.size-error',
      size: 30,
    });
  });
});

describe('defect import refusal', () => {
  it('reads the rows and keeps the first line of the message as the summary', () => {
    const failure = readImportFailure({
      code: 500,
      msg: 'Nothing was imported: 2 row(s) have errors.\nRow 3: Handler "Bob" is not valid\nRow 5: …',
      data: {
        rows: [
          { rowNum: 3, messages: ['Row 3: Handler "Bob" is not valid'] },
          { rowNum: 5, messages: ['Row 5: Title cannot be empty', 'Row 5: Priority "x" is not valid'] },
        ],
      },
    });
    expect(failure.summary).toBe('Nothing was imported: 2 row(s) have errors.');
    expect(failure.rows.map((r) => [r.rowNum, r.messages.length])).toEqual([
      [3, 1],
      [5, 2],
    ]);
  });

  it('keeps the whole message of a refusal without rows, and drops rows it cannot read', () => {
    expect(
      readImportFailure({ code: 500, msg: 'The sheet has no column Title;\nstart from the template' }),
    ).toEqual({ summary: 'The sheet has no column Title;\nstart from the template', rows: [] });
    const odd = readImportFailure({
      code: 500,
      msg: 'x\ny',
      data: { rows: [{ rowNum: '2', messages: [] }, { rowNum: 4, messages: [4] }, null] },
    });
    expect(odd).toEqual({ summary: 'x\ny', rows: [] });
  });
});

describe('list total', () => {
  const zh = i18n.getFixedT('zh_CN');
  const en = i18n.getFixedT('en_US');

  it('reads as the count, or as a lower bound when the server stopped counting', () => {
    expect(totalText(zh, 'zh_CN', 1000)).toBe('共 1000 条');
    expect(totalText(en, 'en_US', 1000)).toBe('1000 in total');
    expect(totalText(zh, 'zh_CN', 1000, true)).toBe('共 1000+ 条');
    expect(totalText(en, 'en_US', 1000, true)).toBe('1,000+ in total');
  });
});
