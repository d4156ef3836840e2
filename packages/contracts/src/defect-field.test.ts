import { describe, expect, it } from 'vitest';
import { checkFieldValue, fieldValueText, labelWidth, normalDateTime } from './defect-field.ts';

const enumField = {
  fieldLabel: 'Browser',
  fieldType: 'enum' as const,
  typeConfig: { options: [{ key: 'ff', label: 'Firefox' }] },
};

describe('custom field values, one check for the server and the web', () => {
  it('measures a label as 1.0 does: six Chinese characters, or twelve letters', () => {
    expect(labelWidth('六个汉字名字')).toBe(12);
    expect(labelWidth('Browser')).toBe(7);
  });

  it('reads times in full and refuses days that do not exist', () => {
    expect(normalDateTime('2026-11-30')).toBe('2026-11-30 00:00:00');
    expect(normalDateTime('2026-11-30T09:05')).toBe('2026-11-30 09:05:00');
    expect(normalDateTime('2026-02-29 10:00:00')).toBeUndefined();
    expect(normalDateTime('2026-11-30 24:00')).toBeUndefined();
  });

  it('stores each type in its form, leniently where a sheet sends text', () => {
    expect(checkFieldValue({ fieldLabel: 'N', fieldType: 'number' }, ' 12.5 ')).toEqual({
      ok: true,
      value: 12.5,
    });
    expect(checkFieldValue({ fieldLabel: 'B', fieldType: 'boolean' }, 'false')).toEqual({
      ok: true,
      value: false,
    });
    expect(checkFieldValue(enumField, 'ff')).toEqual({ ok: true, value: 'ff' });
    expect(checkFieldValue(enumField, 'Firefox')).toEqual({
      ok: false,
      reason: 'enum',
      args: ['Browser', 'Firefox'],
    });
    expect(checkFieldValue({ fieldLabel: 'S', fieldType: 'string', maxLength: 3 }, 'four')).toEqual({
      ok: false,
      reason: 'too-long',
      args: ['S', 3],
    });
    expect(checkFieldValue({ fieldLabel: 'L', fieldType: 'file' }, 'javascript:alert(1)').ok).toBe(false);
    expect(
      checkFieldValue({ fieldLabel: 'A', fieldType: 'array', typeConfig: { itemType: 'number' } }, [
        '1',
        'x',
      ]),
    ).toEqual({ ok: false, reason: 'number', args: ['A'] });
    expect(fieldValueText(enumField, 'ff')).toBe('Firefox');
  });
});
