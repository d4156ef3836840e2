import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILDER_FIELD_KINDS } from '@buglet/contracts';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { toJson, toJsx } from '../src/features/gen/form-builder-code.ts';
import {
  copyField,
  duplicateNames,
  EMPTY_FORM,
  type FieldSchema,
  type FormSchema,
  insertField,
  moveField,
  newField,
  parseForm,
} from '../src/features/gen/form-builder-schema.ts';

const TEXTS = { label: (kind: string) => `The ${kind}`, option: (n: number) => `Choice ${n}` };
const CODE_TEXTS = { required: (label: string) => `${label} is required`, submit: 'Send', reset: 'Clear' };

/** One field of every kind, the first required, with a label that would break naive string building. */
function everyKind(): FormSchema {
  let fields: FieldSchema[] = [];
  for (const kind of BUILDER_FIELD_KINDS) fields = insertField(fields, newField(kind, fields, TEXTS));
  const [first, ...rest] = fields;
  if (!first) throw new Error('no fields');
  return {
    ...EMPTY_FORM,
    componentName: 'OrderForm',
    layout: 'horizontal',
    fields: [{ ...first, label: 'Name "quoted" {braces} </Form.Item>', isRequired: true, span: 12 }, ...rest],
  };
}

describe('the form definition', () => {
  it('names new fields uniquely and gives choices their options', () => {
    let fields: FieldSchema[] = [];
    for (const kind of ['input', 'select', 'input'] as const)
      fields = insertField(fields, newField(kind, fields, TEXTS));
    expect(fields.map((f) => f.name)).toEqual(['field1', 'field2', 'field3']);
    expect(fields[1]?.options).toEqual([
      { label: 'Choice 1', value: '1' },
      { label: 'Choice 2', value: '2' },
    ]);
    const renamed = fields.map((f, i) => (i === 0 ? { ...f, name: 'field4' } : f));
    expect(newField('input', renamed, TEXTS).name).toBe('field5');
  });

  it('inserts, moves and copies fields, and finds names used twice', () => {
    let fields: FieldSchema[] = [];
    for (const kind of ['input', 'number', 'switch'] as const)
      fields = insertField(fields, newField(kind, fields, TEXTS));
    const [a, b, c] = fields.map((f) => f.id);
    const kinds = (list: FieldSchema[]) => list.map((f) => f.kind);
    expect(kinds(insertField(fields, newField('rate', fields, TEXTS), 1))).toEqual([
      'input',
      'rate',
      'number',
      'switch',
    ]);
    expect(kinds(moveField(fields, c ?? '', 0))).toEqual(['switch', 'input', 'number']);
    expect(kinds(moveField(fields, a ?? '', 2))).toEqual(['number', 'switch', 'input']);
    expect(kinds(moveField(fields, 'nope', 0))).toEqual(kinds(fields));
    const copied = copyField(fields, b ?? '', TEXTS);
    expect(kinds(copied)).toEqual(['input', 'number', 'number', 'switch']);
    expect(copied[2]?.name).toBe('field4');
    expect(copied[2]?.id).not.toBe(b);
    expect(duplicateNames(copied)).toEqual([]);
    expect(duplicateNames([...fields, { ...(fields[0] as FieldSchema), id: 'x' }])).toEqual(['field1']);
  });

  it('reads back what it writes as JSON, and refuses what is not a definition', () => {
    const form = everyKind();
    expect(parseForm(toJson(form))).toEqual(form);
    expect(parseForm('not json')).toBeUndefined();
    expect(parseForm(JSON.stringify({ ...form, componentName: 'lower' }))).toBeUndefined();
    expect(
      parseForm(JSON.stringify({ ...form, fields: [{ ...form.fields[0], name: '1bad' }] })),
    ).toBeUndefined();
  });
});

describe('the code written out', () => {
  const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const TMP = path.join(REPO, 'packages/web/.gen-check-tmp', randomBytes(4).toString('hex'));
  afterAll(() => {
    fs.rmSync(TMP, { recursive: true, force: true });
    const parent = path.dirname(TMP);
    if (fs.existsSync(parent) && fs.readdirSync(parent).length === 0) fs.rmSync(parent, { recursive: true });
  });

  it('is a React component of every field, its rules and labels escaped', () => {
    const code = toJsx(everyKind(), CODE_TEXTS);
    expect(code).toContain('export default function OrderForm() {');
    expect(code).toContain(
      'label={"Name \\"quoted\\" {braces} </Form.Item>"} rules={[{ required: true, message: "Name \\"quoted\\" {braces} </Form.Item> is required" }]}',
    );
    expect(code).toContain('<Col xs={24} md={12}>');
    expect(code).toContain('valuePropName="checked"');
    expect(code).toContain(
      '<Checkbox.Group options={[{"label":"Choice 1","value":"1"},{"label":"Choice 2","value":"2"}]} />',
    );
    expect(code).toContain('labelCol={{ span: 6 }}');
  });

  it('type-checks against antd and React with zero errors', () => {
    const file = path.join(TMP, 'order-form.tsx');
    fs.mkdirSync(TMP, { recursive: true });
    fs.writeFileSync(file, toJsx(everyKind(), CODE_TEXTS));
    const base = ts.readConfigFile(path.join(REPO, 'tsconfig.base.json'), ts.sys.readFile);
    const { options } = ts.convertCompilerOptionsFromJson(base.config.compilerOptions, REPO);
    const program = ts.createProgram([file], {
      ...options,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      jsx: ts.JsxEmit.ReactJSX,
    });
    expect(program.getSourceFile(file)).toBeDefined();
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => !d.file || d.file.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  }, 120_000);
});
