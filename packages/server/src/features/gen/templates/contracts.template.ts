import { type GenField, type GenModel, mustInsert } from '../gen-model.ts';
import { commentText, editFields, insertFields, lines, queryFields, rangeField } from './code.ts';

/** Numbers PostgreSQL answers as text (numeric, decimal) and SQLite's 0/1 booleans are coerced. */
function outputType(f: GenField): string {
  const base = f.dbType.toLowerCase();
  const type =
    f.tsType === 'number'
      ? /numeric|decimal/.test(base)
        ? 'z.coerce.number()'
        : 'z.number()'
      : f.tsType === 'boolean'
        ? 'z.coerce.boolean()'
        : 'z.string()';
  return f.isNullable ? `${type}.nullable()` : type;
}

function bodyType(f: GenField, isRequired: boolean): string {
  const optional = isRequired ? '' : f.isNullable ? '.nullable().optional()' : '.optional()';
  if (f.tsType === 'number') return `z.number()${f.isInteger ? '.int()' : ''}${optional}`;
  if (f.tsType === 'boolean') return `z.boolean()${optional}`;
  const max = f.maxLength ? `.max(${f.maxLength})` : '';
  return `z.string().trim()${isRequired ? '.min(1)' : ''}${max}${optional}`;
}

function queryType(f: GenField): string {
  if (f.tsType === 'number') return 'z.coerce.number().optional()';
  // A chain with a function argument is broken a call a line by the formatter.
  if (f.tsType === 'boolean')
    return "z\n    .enum(['true', 'false'])\n    .transform((v) => v === 'true')\n    .optional()";
  return `z.string().max(${f.maxLength ?? 200}).optional()`;
}

/** `packages/contracts/src/<name>.ts`: the row, the add and edit bodies, the list's filters. */
export function contractsFile(m: GenModel): string {
  const e = m.entity;
  const C = m.className;
  const range = rangeField(m);
  return lines(
    "import { z } from 'zod';",
    "import { pageQuery } from './envelope.ts';",
    '',
    '/**',
    ` * ${commentText(m.functionName)} (\`${m.apiBase}/**\`): the rows of ${m.tableName}, what the add and`,
    ' * edit dialogs send, and the filters of the list.',
    ' */',
    `export const ${e} = z.object({`,
    m.fields.map((f) => `  ${f.field}: ${outputType(f)},`),
    '});',
    `export type ${C} = z.infer<typeof ${e}>;`,
    '',
    `export const ${e}Body = z.object({`,
    insertFields(m).map((f) => `  ${f.field}: ${bodyType(f, f.isRequired || mustInsert(f))},`),
    '});',
    `export type ${C}Body = z.infer<typeof ${e}Body>;`,
    '',
    `export const ${e}UpdateBody = z.object({`,
    `  ${m.pk.field}: z.number().int().min(1),`,
    editFields(m).map((f) => `  ${f.field}: ${bodyType(f, f.isRequired)},`),
    '});',
    `export type ${C}UpdateBody = z.infer<typeof ${e}UpdateBody>;`,
    '',
    `export const ${e}ListQuery = pageQuery.extend({`,
    queryFields(m).map((f) => `  ${f.field}: ${queryType(f)},`),
    range
      ? [
          '  params: z',
          '    .object({ beginTime: z.string().max(30).optional(), endTime: z.string().max(30).optional() })',
          '    .optional(),',
        ]
      : undefined,
    '});',
    '',
  );
}
