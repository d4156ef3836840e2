import type { GenModel } from '../gen-model.ts';
import { lines, namedImport, str } from './code.ts';

/** `packages/web/src/features/<name>/<name>.api.ts`: query keys and the calls. */
export function webApiFile(m: GenModel): string {
  const C = m.className;
  const key = str(m.fileBase);
  const get = `export const list${m.plural} = (query: QueryObject) => http.get<TableData<${C}>>(${str(`${m.apiBase}/list`)}, query);`;
  return lines(
    "import type { TableData } from '@buglet/contracts';",
    namedImport([C, `${C}Body`, `${C}UpdateBody`], `@buglet/contracts/${m.fileBase}`, true),
    "import { http } from '../../lib/http.ts';",
    "import type { QueryObject } from '../../lib/query-string.ts';",
    '',
    `export const ${m.entity}Keys = {`,
    `  all: [${key}] as const,`,
    `  list: (query: QueryObject) => [${key}, 'list', query] as const,`,
    '};',
    '',
    get.length <= 110
      ? get
      : [
          `export const list${m.plural} = (query: QueryObject) =>`,
          `  http.get<TableData<${C}>>(${str(`${m.apiBase}/list`)}, query);`,
        ],
    `export const add${C} = (body: ${C}Body) => http.post(${str(m.apiBase)}, body);`,
    `export const update${C} = (body: ${C}UpdateBody) => http.put(${str(m.apiBase)}, body);`,
    `export const delete${m.plural} = (ids: readonly number[]) => http.delete(\`${m.apiBase}/\${ids.join(',')}\`);`,
    '',
  );
}
