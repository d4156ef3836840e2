import type { GenField, GenModel } from '../gen-model.ts';

/** A part of a file: a line, several, or nothing (false, null, undefined: an optional block left out). */
export type Part = string | false | null | undefined | readonly Part[];

/** Lines of a file, the parts flattened in order. */
export function lines(...parts: Part[]): string {
  const out: string[] = [];
  const add = (part: Part) => {
    if (typeof part === 'string') out.push(part);
    else if (Array.isArray(part)) for (const p of part) add(p);
  };
  for (const part of parts) add(part);
  return out.join('\n');
}

/** A single-quoted TypeScript string literal. */
export function str(text: string): string {
  return `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

/** Text for a doc comment: one line, never closing the comment. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*∕').replace(/\s+/g, ' ').trim();
}

/** A call or literal on one line when it fits the formatter's 110 columns, else one item a line. */
export function wrapList(indent: string, head: string, items: string[], tail: string): string[] {
  const oneLine = `${indent}${head}${items.join(', ')}${tail}`;
  if (oneLine.length <= 110) return [oneLine];
  return [`${indent}${head}`, ...items.map((i) => `${indent}  ${i},`), `${indent}${tail}`];
}

/** Import lines sorted as the formatter sorts named imports. */
export function namedImport(names: string[], from: string, isType = false): string {
  const sorted = [...new Set(names)].sort(compareNames);
  const head = isType ? 'import type { ' : 'import { ';
  const line = `${head}${sorted.join(', ')} } from ${str(from)};`;
  if (line.length <= 110) return line;
  return [head.trimEnd(), ...sorted.map((n) => `  ${n},`), `} from ${str(from)};`].join('\n');
}

/** Biome's order: case-insensitive natural order, `type X` sorted by X. */
export function compareNames(a: string, b: string): number {
  const key = (s: string) => s.replace(/^type /, '');
  const x = key(a);
  const y = key(b);
  const lower = x.toLowerCase().localeCompare(y.toLowerCase(), 'en');
  if (lower !== 0) return lower;
  // Upper case first when the letters are the same.
  return x < y ? -1 : x > y ? 1 : 0;
}

export const insertFields = (m: GenModel) => m.fields.filter((f) => f.isInsert);
export const editFields = (m: GenModel) => m.fields.filter((f) => f.isEdit);
export const listFields = (m: GenModel) => m.fields.filter((f) => f.isList);
export const queryFields = (m: GenModel) => m.fields.filter((f) => f.isQuery && f.queryType !== 'BETWEEN');
export const rangeField = (m: GenModel): GenField | undefined =>
  m.fields.find((f) => f.isQuery && f.queryType === 'BETWEEN');
export const auditField = (m: GenModel, column: string) =>
  m.fields.find((f) => f.isAudit && f.column === column);

/** A value shown from a dictionary: a choice control with a dictionary type. */
export const isDictField = (f: GenField) =>
  f.dictType !== '' && ['select', 'radio', 'checkbox'].includes(f.htmlType) && f.tsType === 'string';

/** The i18n key of a field's label, and of the feature's other texts. */
export const labelKey = (m: GenModel, f: GenField) => `${m.fileBase}.${f.field}`;
export const textKey = (m: GenModel, name: string) => `${m.fileBase}.${name}`;

/** 'gadget_type' -> 'gadgetTypeDict': the variable holding a dictionary's values. */
export function dictVar(dictType: string): string {
  const words = dictType
    .toLowerCase()
    .replace(/[^a-z0-9]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
    .replace(/[^A-Za-z0-9]/g, '');
  return /^[a-z]/.test(words) ? `${words}Dict` : `dict${words.charAt(0).toUpperCase()}${words.slice(1)}Dict`;
}

const WIDTH = 110;

/**
 * `head.a().b()` on one line when it fits, else one call a line, as the formatter breaks a chain.
 * `head` carries what comes before (`const r = await tables(db)`), `end` what follows (`;`, `,`).
 */
export function chain(indent: string, head: string, calls: string[], end: string): string[] {
  const one = `${indent}${head}${calls.join('')}${end}`;
  if (one.length <= WIDTH) return [one];
  return [`${indent}${head}`, ...calls.map((c, i) => `${indent}  ${c}${i === calls.length - 1 ? end : ''}`)];
}

/** A call whose last argument is an object literal: hugged on one line, or the object's entries a line each. */
export function objectLast(indent: string, head: string, entries: string[], tail: string): string[] {
  const one = `${indent}${head}{ ${entries.join(', ')} }${tail}`;
  if (one.length <= WIDTH) return [one];
  return [`${indent}${head}{`, ...entries.map((e) => `${indent}  ${e},`), `${indent}}${tail}`];
}

/** A self-closing JSX element: one line, or one attribute a line. */
export function jsxElement(indent: string, tag: string, attrs: string[]): string[] {
  const one = `${indent}<${tag} ${attrs.join(' ')} />`;
  if (one.length <= WIDTH) return [one];
  return [`${indent}<${tag}`, ...attrs.map((a) => `${indent}  ${a}`), `${indent}/>`];
}
