import { type GenField, type GenModel, mustInsert } from '../gen-model.ts';
import { dictVar, isDictField, labelKey, lines, namedImport, str, textKey } from './code.ts';

type Need = Set<string>;

/** The control of one field, and what the file must import for it. */
function control(f: GenField, need: Need): string[] {
  const max = f.maxLength ? ` maxLength={${f.maxLength}}` : '';
  if (f.tsType === 'boolean') {
    need.add('Switch');
    return ['<Switch />'];
  }
  if (f.tsType === 'number') {
    need.add('InputNumber');
    return ["<InputNumber style={{ width: '100%' }} />"];
  }
  if (f.htmlType === 'datetime') {
    need.add('DatePicker');
    return ["<DatePicker showTime style={{ width: '100%' }} />"];
  }
  if (isDictField(f)) {
    const options = `${dictVar(f.dictType)}.options`;
    if (f.htmlType === 'radio') {
      need.add('Radio');
      return [`<Radio.Group options={${options}} />`];
    }
    if (f.htmlType === 'checkbox') {
      need.add('Checkbox');
      return [`<Checkbox.Group options={${options}} />`];
    }
    need.add('Select');
    return [`<Select allowClear options={${options}} />`];
  }
  need.add('Input');
  if (f.htmlType === 'textarea') return [`<Input.TextArea rows={3}${max} />`];
  if (f.htmlType === 'editor') return [`<Input.TextArea rows={8}${max} />`];
  return [`<Input${max} />`];
}

/** When a field is required: always, only when adding, only when editing, or never. */
function requiredWhen(f: GenField): string | undefined {
  const onCreate = f.isInsert && (f.isRequired || mustInsert(f));
  const onEdit = f.isEdit && f.isRequired;
  const both = f.isInsert && f.isEdit;
  if (both && onCreate && onEdit) return 'always';
  if (both && onCreate) return 'isCreate';
  if (both && onEdit) return '!isCreate';
  if (!both && (onCreate || onEdit)) return 'always';
  return undefined;
}

function formItem(m: GenModel, f: GenField, need: Need, indent: string): string[] {
  const key = labelKey(m, f);
  const attrs = [`name=${JSON.stringify(f.field)}`, `label={t(${str(key)})}`];
  const when = requiredWhen(f);
  if (when === 'always') attrs.push(`rules={[required(${str(key)})]}`);
  else if (when) attrs.push(`rules={${when} ? [required(${str(key)})] : []}`);
  if (f.tsType === 'boolean') attrs.push('valuePropName="checked"');
  else if (f.tsType === 'string' && f.htmlType === 'datetime') {
    need.add('dayjs');
    attrs.push(
      'getValueProps={(value?: string | null) => ({ value: value ? dayjs(value) : null })}',
      'normalize={(value?: Dayjs | null) => value?.format(DATE_TIME) ?? null}',
    );
  } else if (isDictField(f) && f.htmlType === 'checkbox') {
    attrs.push(
      "getValueProps={(value?: string | null) => ({ value: value ? value.split(',') : [] })}",
      "normalize={(value: string[]) => value.join(',')}",
    );
  }
  const inner = control(f, need).map((l) => `${indent}  ${l}`);
  const open = `${indent}<Form.Item ${attrs.join(' ')}>`;
  const head =
    open.length <= 110
      ? [open]
      : [`${indent}<Form.Item`, ...attrs.map((a) => `${indent}  ${a}`), `${indent}>`];
  return [...head, ...inner, `${indent}</Form.Item>`];
}

/** A field shown only when adding (or only when editing) is wrapped in that condition. */
function formBlock(m: GenModel, f: GenField, need: Need): string[] {
  if (f.isInsert && f.isEdit) return formItem(m, f, need, '      ');
  const condition = f.isInsert ? 'isCreate' : '!isCreate';
  return [`      {${condition} ? (`, ...formItem(m, f, need, '        '), '      ) : null}'];
}

/** `packages/web/src/features/<name>/<name>-dialog.tsx`: the add/edit dialog. */
export function webDialogFile(m: GenModel): string {
  const C = m.className;
  const need: Need = new Set(['Form']);
  const fields = m.fields.filter((f) => f.isInsert || f.isEdit);
  const body = fields.flatMap((f) => formBlock(m, f, need));
  const isRequired = fields.some((f) => requiredWhen(f) !== undefined);
  const dicts = [...new Set(fields.filter(isDictField).map((f) => f.dictType))];
  const defaults = fields.filter((f) => f.isInsert && f.defaultValue !== undefined);
  const NEW = `NEW_${m.fileBase.replace(/-/g, '_').toUpperCase()}`;
  const antd = [...need].filter((n) => n !== 'dayjs');
  const save = `    save: (values) => (target ? update${C}({ ...values, ${m.pk.field}: target.${m.pk.field} }) : add${C}(values)),`;
  return lines(
    namedImport([C, `${C}Body`, `${C}UpdateBody`], `@buglet/contracts/${m.fileBase}`, true),
    namedImport(antd, 'antd'),
    need.has('dayjs') ? "import dayjs, { type Dayjs } from 'dayjs';" : undefined,
    "import { useTranslation } from 'react-i18next';",
    "import { FormDialog } from '../../components/form-dialog.tsx';",
    "import type { EditTarget } from '../../hooks/use-edit-target.ts';",
    "import { useFormDialog } from '../../hooks/use-form-dialog.ts';",
    dicts.length ? "import { useDict } from '../dicts/use-dict.ts';" : undefined,
    namedImport([`add${C}`, `${m.entity}Keys`, `update${C}`], `./${m.fileBase}.api.ts`),
    '',
    need.has('dayjs') ? ["const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';", ''] : undefined,
    `type ${C}Values = ${C}Body & Omit<${C}UpdateBody, ${str(m.pk.field)}>;`,
    '',
    '/** A new record starts with the columns\u2019 own defaults. */',
    defaults.length
      ? [
          `const ${NEW}: Partial<${C}Values> = {`,
          defaults.map(
            (f) =>
              `  ${f.field}: ${typeof f.defaultValue === 'number' ? f.defaultValue : str(String(f.defaultValue))},`,
          ),
          '};',
        ]
      : `const ${NEW}: Partial<${C}Values> = {};`,
    '',
    `export function ${C}Dialog({ target, onClose }: { target: EditTarget<${C}>; onClose: () => void }) {`,
    '  const { t } = useTranslation();',
    dicts.map((d) => `  const ${dictVar(d)} = useDict(${str(d)});`),
    '  const isCreate = target === null;',
    `  const dialog = useFormDialog<${C}Values>({`,
    '    isOpen: target !== undefined,',
    '    isCreate,',
    `    initialValues: target ?? ${NEW},`,
    save.length <= 110
      ? save
      : [
          '    save: (values) =>',
          `      target ? update${C}({ ...values, ${m.pk.field}: target.${m.pk.field} }) : add${C}(values),`,
        ],
    `    invalidate: [${m.entity}Keys.all],`,
    '    onClose,',
    '  });',
    isRequired
      ? [
          '  const required = (key: string) => ({',
          '    required: true,',
          '    whitespace: true,',
          "    message: t('field-required', { field: t(key) }),",
          '  });',
        ]
      : undefined,
    '',
    '  return (',
    '    <FormDialog',
    '      dialog={dialog}',
    `      name=${JSON.stringify(`${m.fileBase}-dialog`)}`,
    `      title={t(isCreate ? ${str(textKey(m, 'add'))} : ${str(textKey(m, 'edit'))})}`,
    '      width={600}',
    '    >',
    body,
    '    </FormDialog>',
    '  );',
    '}',
    '',
  );
}
