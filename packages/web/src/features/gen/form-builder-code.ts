import type { FieldSchema, FormSchema } from './form-builder-schema.ts';

/** The texts written into the code, in the builder's language at the time. */
export interface CodeTexts {
  required: (label: string) => string;
  submit: string;
  reset: string;
}

/** A JSX attribute value: strings as JSON inside braces, so no label or option can break out. */
const text = (value: string) => `{${JSON.stringify(value)}}`;

const ANTD: Record<FieldSchema['kind'], string[]> = {
  input: ['Input'],
  textarea: ['Input'],
  password: ['Input'],
  number: ['InputNumber'],
  select: ['Select'],
  radio: ['Radio'],
  checkbox: ['Checkbox'],
  switch: ['Switch'],
  date: ['DatePicker'],
  dateRange: ['DatePicker'],
  time: ['TimePicker'],
  rate: ['Rate'],
  slider: ['Slider'],
};

function control(f: FieldSchema): string {
  const placeholder = f.placeholder ? ` placeholder=${text(f.placeholder)}` : '';
  const options = `options={${JSON.stringify(f.options ?? [])}}`;
  const full = "style={{ width: '100%' }}";
  switch (f.kind) {
    case 'input':
      return `<Input${placeholder} />`;
    case 'textarea':
      return `<Input.TextArea rows={${f.rows ?? 3}}${placeholder} />`;
    case 'password':
      return `<Input.Password${placeholder} />`;
    case 'number':
      return `<InputNumber ${full}${f.min === undefined ? '' : ` min={${f.min}}`}${f.max === undefined ? '' : ` max={${f.max}}`}${placeholder} />`;
    case 'select':
      return `<Select allowClear ${options}${placeholder} />`;
    case 'radio':
      return `<Radio.Group ${options} />`;
    case 'checkbox':
      return `<Checkbox.Group ${options} />`;
    case 'switch':
      return '<Switch />';
    case 'date':
      return `<DatePicker ${full}${placeholder} />`;
    case 'dateRange':
      return `<DatePicker.RangePicker ${full} />`;
    case 'time':
      return `<TimePicker ${full}${placeholder} />`;
    case 'rate':
      return '<Rate />';
    case 'slider':
      return `<Slider min={${f.min ?? 0}} max={${f.max ?? 100}} />`;
  }
}

function item(f: FieldSchema, texts: CodeTexts): string[] {
  const attrs = [`name=${text(f.name)}`, `label=${text(f.label)}`];
  if (f.kind === 'switch') attrs.push('valuePropName="checked"');
  if (f.isRequired)
    attrs.push(`rules={[{ required: true, message: ${JSON.stringify(texts.required(f.label))} }]}`);
  const span = f.span === 24 ? 'span={24}' : `xs={24} md={${f.span}}`;
  return [
    `        <Col ${span}>`,
    `          <Form.Item ${attrs.join(' ')}>`,
    `            ${control(f)}`,
    '          </Form.Item>',
    '        </Col>',
  ];
}

/**
 * A React component of the form (Ant Design Form JSX, TypeScript): the fields in a responsive grid,
 * their rules, submit and reset. It compiles on its own against antd and React.
 */
export function toJsx(form: FormSchema, texts: CodeTexts): string {
  const components = new Set(['Button', 'Col', 'Form', 'Row']);
  for (const f of form.fields) for (const c of ANTD[f.kind]) components.add(c);
  const labelCol = form.layout === 'horizontal' ? ' labelCol={{ span: 6 }} wrapperCol={{ span: 18 }}' : '';
  return [
    `import { ${[...components].sort().join(', ')} } from 'antd';`,
    '',
    `export default function ${form.componentName}() {`,
    '  const [form] = Form.useForm();',
    '  const onFinish = (values: Record<string, unknown>) => {',
    '    console.log(values);',
    '  };',
    '  return (',
    `    <Form form={form} layout="${form.layout}" size="${form.size}"${labelCol} onFinish={onFinish}>`,
    '      <Row gutter={16}>',
    ...form.fields.flatMap((f) => item(f, texts)),
    '      </Row>',
    '      <Form.Item>',
    `        <Button type="primary" htmlType="submit">`,
    `          {${JSON.stringify(texts.submit)}}`,
    '        </Button>',
    `        <Button htmlType="reset" style={{ marginLeft: 8 }}>`,
    `          {${JSON.stringify(texts.reset)}}`,
    '        </Button>',
    '      </Form.Item>',
    '    </Form>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** The definition itself, to keep or to load back into the builder. */
export function toJson(form: FormSchema): string {
  return `${JSON.stringify(form, null, 2)}\n`;
}
