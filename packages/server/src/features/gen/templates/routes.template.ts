import type { GenModel } from '../gen-model.ts';
import {
  auditField,
  commentText,
  lines,
  listFields,
  namedImport,
  objectLast,
  queryFields,
  rangeField,
  str,
  wrapList,
} from './code.ts';

/** An Excel sheet's name: at most 31 characters, none of []:*?/\ . */
export const sheetName = (m: GenModel) =>
  m.functionName
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .trim() || m.className;

/** The audit columns a write fills: who and when, on insert the creation (and the update when it may not be empty). */
function auditValues(m: GenModel, isInsert: boolean): string[] {
  const values: string[] = [];
  const by = (column: string) => auditField(m, column);
  const set = (column: string, value: string) => {
    const f = by(column);
    if (f) values.push(`${f.field}: ${value}`);
  };
  if (isInsert) {
    set('create_by', 'ctx.me.userName');
    set('create_time', 'formatDateTime()');
    for (const column of ['update_by', 'update_time']) {
      const f = by(column);
      if (f && !f.isNullable && !f.hasDefault)
        values.push(`${f.field}: ${column === 'update_by' ? 'ctx.me.userName' : 'formatDateTime()'}`);
    }
  } else {
    set('update_by', 'ctx.me.userName');
    set('update_time', 'formatDateTime()');
  }
  return values;
}

/** `packages/server/src/features/<name>/<name>.routes.ts`: the contract bound to Fastify, one permission a route. */
export function routesFile(m: GenModel): string {
  const C = m.className;
  const e = m.entity;
  const pk = m.pk.field;
  const hasFilter = queryFields(m).length > 0 || rangeField(m) !== undefined;
  const insertAudit = auditValues(m, true);
  const updateAudit = auditValues(m, false);
  const isAudited = insertAudit.length > 0 || updateAudit.length > 0;
  const booleans = m.fields.filter((f) => f.tsType === 'boolean');
  const filterOf = (q: string) => (hasFilter ? [rangeField(m) ? `{ ...${q}, ...${q}.params }` : q] : []);
  const sheetColumns = [m.pk, ...listFields(m).filter((f) => !f.isPk)];
  const exportRows = booleans.length
    ? `rows.map((row) => ({ ...row, ${booleans.map((f) => `${f.field}: row.${f.field} ? 1 : 0`).join(', ')} }))`
    : 'rows';
  return lines(
    namedImport([e, `${e}Body`, `${e}ListQuery`, `${e}UpdateBody`], `@buglet/contracts/${m.fileBase}`),
    "import { z } from 'zod';",
    "import { AppError } from '../../http/errors.ts';",
    "import { perm } from '../../http/permission.ts';",
    "import { pageOf, parseIds } from '../../http/query.ts';",
    "import type { Router } from '../../http/route.ts';",
    isAudited ? "import { formatDateTime } from '../../lib/time.ts';" : undefined,
    "import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';",
    namedImport(
      [`delete${m.plural}`, `find${C}`, `insert${C}`, `list${m.plural}`, `update${C}`],
      `./${m.fileBase}.repository.ts`,
    ),
    '',
    `const SHEET = ${str(sheetName(m))};`,
    'const COLUMNS: SheetColumn[] = [',
    sheetColumns.map(
      (f) =>
        `  { key: ${str(f.field)}, header: { zh_CN: ${str(f.label.zh)}, en_US: ${str(f.label.en)} }, width: 20 },`,
    ),
    '];',
    '',
    '/**',
    ` * ${commentText(m.functionName)} (\`${m.apiBase}/**\`, table ${m.tableName}): the list, its Excel export, one`,
    ` * record, add, edit and delete, each behind its \`${m.permPrefix}:*\` permission.`,
    ' */',
    `export function register${C}Routes(r: Router): void {`,
    '  const { db } = r.deps;',
    '',
    `  r.get(${str(`${m.apiBase}/list`)}, {`,
    `    guard: perm(${str(`${m.permPrefix}:list`)}),`,
    `    query: ${e}ListQuery,`,
    `    output: ${e},`,
    '    handler: async (ctx) => {',
    '      const { limit, offset } = pageOf(ctx.query);',
    wrapList(
      '      ',
      `const { rows, total } = await list${m.plural}(`,
      ['db', ...filterOf('ctx.query'), 'limit', 'offset'],
      ');',
    ),
    '      return ctx.table(rows, total);',
    '    },',
    '  });',
    '',
    `  r.post(${str(`${m.apiBase}/export`)}, {`,
    `    guard: perm(${str(`${m.permPrefix}:export`)}),`,
    `    query: ${e}ListQuery,`,
    '    isQueryAlsoInBody: true,',
    '    handler: async (ctx) => {',
    '      const q = ctx.query;',
    wrapList(
      '      ',
      `const { rows, total } = await list${m.plural}(`,
      ['db', ...filterOf('q'), 'EXPORT_MAX_ROWS', '0'],
      ');',
    ),
    "      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);",
    wrapList('      ', 'const wb = await buildWorkbook(', ['SHEET', 'COLUMNS', exportRows, 'ctx.lang'], ');'),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated code
    '      return sendWorkbook(ctx.reply, wb, `${SHEET}.xlsx`);',
    '    },',
    '  });',
    '',
    `  r.get(${str(`${m.apiBase}/:${pk}`)}, {`,
    `    guard: perm(${str(`${m.permPrefix}:query`)}),`,
    `    params: z.object({ ${pk}: z.coerce.number().int().min(1) }),`,
    `    output: ${e},`,
    '    handler: async (ctx) => {',
    `      const found = await find${C}(db, ctx.params.${pk});`,
    `      if (!found) throw new AppError('not-found', [ctx.params.${pk}]);`,
    '      return ctx.ok(found);',
    '    },',
    '  });',
    '',
    `  r.post(${str(m.apiBase)}, {`,
    `    guard: perm(${str(`${m.permPrefix}:add`)}),`,
    `    body: ${e}Body,`,
    '    handler: async (ctx) => {',
    insertAudit.length
      ? objectLast('      ', `const ${pk} = await insert${C}(db, `, ['...ctx.body', ...insertAudit], ');')
      : `      const ${pk} = await insert${C}(db, ctx.body);`,
    `      return ctx.ok({ ${pk} });`,
    '    },',
    '  });',
    '',
    `  r.put(${str(m.apiBase)}, {`,
    `    guard: perm(${str(`${m.permPrefix}:edit`)}),`,
    `    body: ${e}UpdateBody,`,
    '    handler: async (ctx) => {',
    `      const { ${pk}: id, ...row } = ctx.body;`,
    updateAudit.length
      ? objectLast('      ', `const isUpdated = await update${C}(db, id, `, ['...row', ...updateAudit], ');')
      : `      const isUpdated = await update${C}(db, id, row);`,
    "      if (!isUpdated) throw new AppError('not-found', [id]);",
    '      return ctx.ok();',
    '    },',
    '  });',
    '',
    `  r.delete(${str(`${m.apiBase}/:${pk}s`)}, {`,
    `    guard: perm(${str(`${m.permPrefix}:remove`)}),`,
    `    params: z.object({ ${pk}s: z.string() }),`,
    `    handler: async (ctx) => ctx.ok({ removed: await delete${m.plural}(db, parseIds(ctx.params.${pk}s)) }),`,
    '  });',
    '}',
    '',
  );
}
