import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BUILDER_FIELD_NAME, BUILDER_PLACEHOLDER_KINDS } from '@buglet/contracts';
import { Button, Empty, Flex, Form, Input, InputNumber, Radio, Select, Space, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormSchema } from './form-builder-schema.ts';

interface Props {
  form: FormSchema;
  selected: FieldSchema | undefined;
  onField: (change: Partial<FieldSchema>) => void;
  onForm: (change: Partial<FormSchema>) => void;
}

/** The selected field's properties (label, name, rules, width, options) and the form's own. */
export function FormBuilderPanel({ form, selected, onField, onForm }: Props) {
  const { t } = useTranslation();
  const isNameTaken = (name: string) => form.fields.some((f) => f.name === name && f.id !== selected?.id);
  const nameError = !selected
    ? undefined
    : !BUILDER_FIELD_NAME.test(selected.name)
      ? t('build.name-invalid')
      : isNameTaken(selected.name)
        ? t('build.name-taken')
        : undefined;

  const fieldTab = selected ? (
    <Form layout="vertical" size="small">
      <Form.Item label={t('build.label')}>
        <Input
          aria-label={t('build.label')}
          value={selected.label}
          maxLength={100}
          onChange={(e) => onField({ label: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('build.name')}
        validateStatus={nameError ? 'error' : undefined}
        help={nameError}
        tooltip={t('build.name-hint')}
      >
        <Input
          value={selected.name}
          maxLength={60}
          onChange={(e) => onField({ name: e.target.value.replace(/[^A-Za-z0-9_$]/g, '') })}
        />
      </Form.Item>
      {BUILDER_PLACEHOLDER_KINDS.includes(selected.kind) ? (
        <Form.Item label={t('build.placeholder')}>
          <Input
            aria-label={t('build.placeholder')}
            value={selected.placeholder ?? ''}
            maxLength={200}
            onChange={(e) => onField({ placeholder: e.target.value || undefined })}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('build.required')}>
        <Switch
          aria-label={t('build.required')}
          checked={selected.isRequired}
          onChange={(isRequired) => onField({ isRequired })}
        />
      </Form.Item>
      <Form.Item label={t('build.width')}>
        <Radio.Group
          value={selected.span}
          optionType="button"
          options={[
            { value: 24, label: t('build.width.full') },
            { value: 12, label: t('build.width.half') },
            { value: 8, label: t('build.width.third') },
          ]}
          onChange={(e) => onField({ span: e.target.value as FieldSchema['span'] })}
        />
      </Form.Item>
      {selected.kind === 'textarea' ? (
        <Form.Item label={t('build.rows')}>
          <InputNumber
            min={1}
            max={30}
            value={selected.rows}
            onChange={(rows) => onField({ rows: rows ?? 3 })}
          />
        </Form.Item>
      ) : null}
      {selected.kind === 'number' || selected.kind === 'slider' ? (
        <Space>
          <Form.Item label={t('build.min')}>
            <InputNumber value={selected.min} onChange={(min) => onField({ min: min ?? undefined })} />
          </Form.Item>
          <Form.Item label={t('build.max')}>
            <InputNumber value={selected.max} onChange={(max) => onField({ max: max ?? undefined })} />
          </Form.Item>
        </Space>
      ) : null}
      {selected.options ? <OptionsEditor field={selected} onField={onField} /> : null}
    </Form>
  ) : (
    <Empty description={t('build.select-field')} />
  );

  const formTab = (
    <Form layout="vertical" size="small">
      <Form.Item label={t('build.component-name')} tooltip={t('build.component-name-hint')}>
        <Input
          value={form.componentName}
          maxLength={60}
          onChange={(e) => {
            const name = e.target.value.replace(/[^A-Za-z0-9]/g, '');
            if (/^[A-Z]/.test(name)) onForm({ componentName: name });
          }}
        />
      </Form.Item>
      <Form.Item label={t('build.layout')}>
        <Radio.Group
          value={form.layout}
          optionType="button"
          options={[
            { value: 'vertical', label: t('build.layout.vertical') },
            { value: 'horizontal', label: t('build.layout.horizontal') },
          ]}
          onChange={(e) => onForm({ layout: e.target.value as FormSchema['layout'] })}
        />
      </Form.Item>
      <Form.Item label={t('build.size')}>
        <Select
          value={form.size}
          options={(['small', 'middle', 'large'] as const).map((size) => ({
            value: size,
            label: t(`build.size.${size}`),
          }))}
          onChange={(size: FormSchema['size']) => onForm({ size })}
        />
      </Form.Item>
    </Form>
  );

  return (
    <Tabs
      size="small"
      items={[
        { key: 'field', label: t('build.field-props'), children: fieldTab },
        { key: 'form', label: t('build.form-props'), children: formTab },
      ]}
    />
  );
}

/** The choices of a select, radio or checkbox field: a label and a value each. */
function OptionsEditor({ field, onField }: { field: FieldSchema; onField: Props['onField'] }) {
  const { t } = useTranslation();
  const options = field.options ?? [];
  const set = (index: number, change: Partial<{ label: string; value: string }>) =>
    onField({ options: options.map((o, i) => (i === index ? { ...o, ...change } : o)) });
  return (
    <Form.Item label={t('build.options')}>
      <Flex vertical gap={6}>
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity of their own; values may repeat while typed
          <Flex key={i} gap={6}>
            <Input
              aria-label={t('build.option-label')}
              placeholder={t('build.option-label')}
              value={o.label}
              maxLength={100}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <Input
              aria-label={t('build.option-value')}
              placeholder={t('build.option-value')}
              value={o.value}
              maxLength={100}
              onChange={(e) => set(i, { value: e.target.value })}
            />
            <Button
              aria-label={t('delete')}
              icon={<DeleteOutlined />}
              onClick={() => onField({ options: options.filter((_o, j) => j !== i) })}
            />
          </Flex>
        ))}
        <Button
          icon={<PlusOutlined />}
          onClick={() => onField({ options: [...options, { label: '', value: String(options.length + 1) }] })}
        >
          {t('build.add-option')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
