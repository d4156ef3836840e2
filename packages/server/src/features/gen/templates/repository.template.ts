import type { GenField, GenModel } from '../gen-model.ts';
import { chain, lines, namedImport, queryFields, rangeField, str, wrapList } from './code.ts';

const OPERATORS: Record<string, string> = { EQ: '=', NE: '<>', GT: '>', GTE: '>=', LT: '<', LTE: '<=' };

function columnType(f: GenField): string {
  const base = f.tsType;
  if (f.isNullable) return `${base} | null`;
  if (f.isIncrement || f.hasDefault) return `Generated<${base}>`;
  return base;
}

/** The condition a filter adds: LIKE on text only, every other operator as it is named. */
function condition(f: GenField): string {
  const test = f.tsType === 'string' ? `f.${f.field}` : `f.${f.field} !== undefined`;
  if (f.queryType === 'LIKE' && f.tsType === 'string')
    return `  if (${test}) q = q.where(containsText(db, ${str(f.column)}, f.${f.field}));`;
  const op = OPERATORS[f.queryType] ?? '=';
  return `  if (${test}) q = q.where(${str(f.field)}, ${str(op)}, f.${f.field});`;
}

/** `packages/server/src/features/<name>/<name>.repository.ts`: SQL only, on the generated table type. */
export function repositoryFile(m: GenModel): string {
  const C = m.className;
  const filters = queryFields(m);
  const range = rangeField(m);
  const hasFilter = filters.length > 0 || range !== undefined;
  const isContains = filters.some((f) => f.queryType === 'LIKE' && f.tsType === 'string');
  const kysely = ['Insertable', 'Updateable'];
  if (m.fields.some((f) => columnType(f).startsWith('Generated'))) kysely.push('Generated');
  const pk = m.pk.field;
  const from = `tables(db).selectFrom(${str(m.tableKey)})`;
  const filterArgs = ['db: Db', ...(hasFilter ? [`f: ${C}Filter`] : []), 'limit: number', 'offset: number'];
  const source = hasFilter ? 'filtered(db, f)' : from;
  return lines(
    namedImport(kysely, 'kysely', true),
    "import type { Db } from '../../db/connect.ts';",
    isContains ? "import { containsText } from '../../db/contains-text.ts';" : undefined,
    '',
    `/** ${m.tableName} as Kysely sees it (camelCase; the SQL columns are snake_case). */`,
    `export interface ${C}Table {`,
    m.fields.map((f) => `  ${f.field}: ${columnType(f)};`),
    '}',
    '',
    `/** Typed here until \`${m.tableKey}: ${C}Table\` joins Database in db/schema.ts; then \`tables(db)\` is \`db\`. */`,
    `const tables = (db: Db) => db.withTables<{ ${m.tableKey}: ${C}Table }>();`,
    '',
    hasFilter
      ? [
          `export interface ${C}Filter {`,
          filters.map((f) => `  ${f.field}?: ${f.tsType};`),
          range ? ['  beginTime?: string;', '  endTime?: string;'] : undefined,
          '}',
          '',
          `function filtered(db: Db, f: ${C}Filter) {`,
          `  let q = ${from};`,
          filters.map(condition),
          range
            ? [
                `  if (f.beginTime) q = q.where(${str(range.field)}, '>=', f.beginTime);`,
                `  if (f.endTime) q = q.where(${str(range.field)}, '<=', \`\${f.endTime} 23:59:59\`);`,
              ]
            : undefined,
          '  return q;',
          '}',
          '',
        ]
      : undefined,
    wrapList('', `export async function list${m.plural}(`, filterArgs, ') {'),
    '  const [rows, count] = await Promise.all([',
    chain(
      '    ',
      source,
      ['.selectAll()', `.orderBy(${str(pk)}, 'desc')`, '.limit(limit)', '.offset(offset)', '.execute()'],
      ',',
    ),
    `    ${source}`,
    "      .select((eb) => eb.fn.countAll<number>().as('n'))",
    '      .executeTakeFirstOrThrow(),',
    '  ]);',
    '  return { rows, total: Number(count.n) };',
    '}',
    '',
    `export async function find${C}(db: Db, ${pk}: number) {`,
    chain(
      '  ',
      'return tables(db)',
      [
        `.selectFrom(${str(m.tableKey)})`,
        '.selectAll()',
        `.where(${str(pk)}, '=', ${pk})`,
        '.executeTakeFirst()',
      ],
      ';',
    ),
    '}',
    '',
    `export async function insert${C}(db: Db, row: Insertable<${C}Table>): Promise<number> {`,
    chain(
      '  ',
      'const r = await tables(db)',
      [
        `.insertInto(${str(m.tableKey)})`,
        '.values(row)',
        `.returning(${str(pk)})`,
        '.executeTakeFirstOrThrow()',
      ],
      ';',
    ),
    `  return r.${pk};`,
    '}',
    '',
    wrapList(
      '',
      `export async function update${C}(`,
      ['db: Db', `${pk}: number`, `row: Updateable<${C}Table>`],
      '): Promise<boolean> {',
    ),
    chain(
      '  ',
      'const r = await tables(db)',
      [
        `.updateTable(${str(m.tableKey)})`,
        '.set(row)',
        `.where(${str(pk)}, '=', ${pk})`,
        '.executeTakeFirst()',
      ],
      ';',
    ),
    '  return Number(r.numUpdatedRows) > 0;',
    '}',
    '',
    `export async function delete${m.plural}(db: Db, ids: number[]): Promise<number> {`,
    chain(
      '  ',
      'const r = await tables(db)',
      [`.deleteFrom(${str(m.tableKey)})`, `.where(${str(pk)}, 'in', ids)`, '.executeTakeFirst()'],
      ';',
    ),
    '  return Number(r.numDeletedRows);',
    '}',
    '',
  );
}
