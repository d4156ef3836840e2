import type { GenField, GenModel } from '../gen-model.ts';
import {
  commentText,
  dictVar,
  isDictField,
  jsxElement,
  labelKey,
  lines,
  listFields,
  namedImport,
  queryFields,
  rangeField,
  str,
  textKey,
  wrapList,
} from './code.ts';

type Need = Set<string>;

function searchField(m: GenModel, f: GenField, need: Need): string[] {
  const attrs = [`name=${JSON.stringify(f.field)}`, `label={t(${str(labelKey(m, f))})}`];
  const indent = '          ';
  if (f.tsType === 'boolean' || isDictField(f)) {
    need.add('SearchSelect');
    const options = f.tsType === 'boolean' ? 'yesNo' : `${dictVar(f.dictType)}.options`;
    return jsxElement(indent, 'SearchSelect', [...attrs, `options={${options}}`]);
  }
  need.add('SearchInput');
  return jsxElement(indent, 'SearchInput', attrs);
}

function column(m: GenModel, f: GenField, need: Need): string {
  const title = `title: t(${str(labelKey(m, f))})`;
  const index = `dataIndex: ${str(f.field)}`;
  if (f.tsType === 'boolean')
    return `{ ${title}, ${index}, width: 90, render: (v: boolean | null) => (v ? t('yes') : t('no')) }`;
  if (isDictField(f)) {
    need.add('DictTag');
    const type = `type=${JSON.stringify(f.dictType)}`;
    // Checkboxes keep several values, comma-separated: a tag each.
    const render =
      f.htmlType === 'checkbox'
        ? `(v: string | null) => v?.split(',').map((one) => <DictTag key={one} ${type} value={one} />)`
        : `(v: string | null) => <DictTag ${type} value={v} />`;
    return `{ ${title}, ${index}, render: ${render} }`;
  }
  if (f.htmlType === 'datetime') return `{ ${title}, ${index}, width: 170 }`;
  if (f.tsType === 'number') return `{ ${title}, ${index}, width: 110 }`;
  return `{ ${title}, ${index}, ellipsis: true }`;
}

/** One column a line, broken as the formatter breaks an object that does not fit. */
function columnLines(text: string): string[] {
  const line = `        ${text},`;
  if (line.length <= 110) return [line];
  const inner = text.slice(2, -2).split(/, (?=[a-zA-Z]+: )/);
  const property = (p: string) => {
    const one = `          ${p},`;
    const arrow = p.indexOf(' => ');
    if (one.length <= 110 || arrow < 0) return [one];
    return [`          ${p.slice(0, arrow)} =>`, `            ${p.slice(arrow + 4)},`];
  };
  return ['        {', ...inner.flatMap(property), '        },'];
}

/** `packages/web/src/features/<name>/<name>-list-page.tsx`: the admin list page with its filters and dialog. */
export function webListFile(m: GenModel): string {
  const C = m.className;
  const need: Need = new Set();
  const filters = queryFields(m);
  const range = rangeField(m);
  const search = filters.map((f) => searchField(m, f, need));
  const columns = listFields(m).flatMap((f) => columnLines(column(m, f, need)));
  const dicts = [...new Set(filters.filter(isDictField).map((f) => f.dictType))];
  const hasYesNo = filters.some((f) => f.tsType === 'boolean');
  const searchComponents = ['SearchInput', 'SearchSelect'].filter((n) => need.has(n));
  const filterList = filters.map((f) => str(f.field));
  const removeLine = `      remove={{ call: delete${m.plural}, confirm: (ids) => t(${str(textKey(m, 'confirm-delete'))}, { ids }) }}`;
  return lines(
    namedImport([C], `@buglet/contracts/${m.fileBase}`, true),
    "import { useTranslation } from 'react-i18next';",
    "import { AdminListPage } from '../../components/admin-list-page.tsx';",
    searchComponents.length ? namedImport(searchComponents, '../../components/search-form.tsx') : undefined,
    need.has('DictTag') ? "import { DictTag } from '../dicts/dict-tag.tsx';" : undefined,
    dicts.length ? "import { useDict } from '../dicts/use-dict.ts';" : undefined,
    // The formatter sorts './x.api.ts' before './x-dialog.tsx'.
    namedImport([`delete${m.plural}`, `${m.entity}Keys`, `list${m.plural}`], `./${m.fileBase}.api.ts`),
    `import { ${C}Dialog } from './${m.fileBase}-dialog.tsx';`,
    '',
    wrapList('', 'const FILTERS = [', filterList, '] as const;'),
    '',
    `/** ${commentText(m.functionName)}: the rows of ${m.tableName}, searched, added, edited, deleted and exported. */`,
    `export default function ${C}ListPage() {`,
    '  const { t } = useTranslation();',
    dicts.map((d) => `  const ${dictVar(d)} = useDict(${str(d)});`),
    hasYesNo
      ? [
          '  const yesNo = [',
          "    { value: 'true', label: t('yes') },",
          "    { value: 'false', label: t('no') },",
          '  ];',
        ]
      : undefined,
    '  return (',
    `    <AdminListPage<${C}, (typeof FILTERS)[number]>`,
    '      filters={FILTERS}',
    range ? `      dateRange={t(${str(labelKey(m, range))})}` : undefined,
    `      rowKey=${JSON.stringify(m.pk.field)}`,
    `      permiPrefix=${JSON.stringify(m.permPrefix)}`,
    `      keys={${m.entity}Keys}`,
    `      list={list${m.plural}}`,
    removeLine.length <= 110
      ? removeLine
      : [
          '      remove={{',
          `        call: delete${m.plural},`,
          `        confirm: (ids) => t(${str(textKey(m, 'confirm-delete'))}, { ids }),`,
          '      }}',
        ],
    `      exportTo={{ url: ${str(`${m.apiBase}/export`)}, fileName: \`${m.fileBase}_\${Date.now()}.xlsx\` }}`,
    search.length
      ? ['      search={', '        <>', search, '        </>', '      }']
      : '      search={null}',
    '      columns={(list) => [',
    columns,
    "        { title: t('operate'), fixed: 'right', render: (_v, row) => list.rowActions(row) },",
    '      ]}',
    `      dialog={(list) => <${C}Dialog target={list.target} onClose={list.closeDialog} />}`,
    '    />',
    '  );',
    '}',
    '',
  );
}
