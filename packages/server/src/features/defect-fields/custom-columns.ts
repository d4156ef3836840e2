import { customColumnKey, type DefectFieldItem, fieldValueText, NO_DEFAULT_TYPES } from '@buglet/contracts';
import type { SheetColumn } from '../../lib/xlsx.ts';

/**
 * A project's own fields as columns of the defect sheets (template, export, import): headed by
 * their labels (their keys read too), an enum with its labels as the drop-down.
 */
export function customSheetColumns(fields: readonly DefectFieldItem[]): SheetColumn<string>[] {
  return fields.map((field) => ({
    key: customColumnKey(field.fieldKey),
    header: { zh_CN: field.fieldLabel, en_US: field.fieldLabel },
    width: field.fieldType === 'text' || field.fieldType === 'object' ? 40 : 16,
    aliases: [field.fieldKey],
    isRequired:
      field.required === 1 && (field.defaultValue === null || NO_DEFAULT_TYPES.includes(field.fieldType)),
    ...(field.fieldType === 'enum'
      ? { choices: (field.typeConfig.options ?? []).map((o) => o.label) }
      : field.fieldType === 'boolean'
        ? { choices: ['是', '否', 'Yes', 'No'] }
        : {}),
  }));
}

const YES = new Set(['是', 'yes', 'y', 'true', '1', '√', '✓']);
const NO = new Set(['否', 'no', 'n', 'false', '0', '×']);

/**
 * A cell as the value the field's check reads: an enum by its key or its label, yes and no in
 * both languages, a list split at commas (or given as JSON), an object as JSON. A cell the field
 * cannot read is passed on as it is, so the check names the field and what it must be.
 */
export function cellValue(field: DefectFieldItem, text: string): unknown {
  const cell = text.trim();
  if (cell === '') return null;
  switch (field.fieldType) {
    case 'enum': {
      const options = field.typeConfig.options ?? [];
      const lower = cell.toLowerCase();
      return (
        options.find((o) => o.key === cell)?.key ??
        options.find((o) => o.label.toLowerCase() === lower || o.key.toLowerCase() === lower)?.key ??
        cell
      );
    }
    case 'boolean':
      return YES.has(cell.toLowerCase()) ? true : NO.has(cell.toLowerCase()) ? false : cell;
    case 'datetime':
      return cell.replace(/\//g, '-');
    case 'array': {
      if (cell.startsWith('[')) {
        try {
          return JSON.parse(cell) as unknown;
        } catch {
          return cell;
        }
      }
      const items = cell
        .split(/[,，、]/)
        .map((s) => s.trim())
        .filter(Boolean);
      const itemField = { ...field, fieldType: field.typeConfig.itemType ?? 'string' } as DefectFieldItem;
      return items.map((item) => cellValue(itemField, item));
    }
    default:
      return cell;
  }
}

/** A value in an exported cell, as a person reads it (an enum by its label). */
export const exportCell = (field: DefectFieldItem, value: unknown): string => fieldValueText(field, value);
