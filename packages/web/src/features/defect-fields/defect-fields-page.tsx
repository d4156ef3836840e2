import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALWAYS_ENABLED_FIELDS,
  ARRAY_ITEM_TYPES,
  DEFECT_FIELD_TYPES,
  type DefectFieldItem,
  type DefectFieldType,
  FIELD_KEY_PATTERN,
  FIELD_LABEL_WIDTH,
  labelWidth,
  NO_DEFAULT_TYPES,
} from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { useCurrentProject } from '../projects/index.ts';
import { CustomFieldInput } from './custom-field-input.tsx';
import { customFieldRule } from './custom-field-rule.ts';
import { CustomFieldValue } from './custom-field-value.tsx';
import {
  createDefectField,
  type DefectFieldBody,
  defectFieldKeys,
  disableDefectField,
  listDefectFields,
  saveBuiltinLayout,
  updateDefectField,
} from './defect-fields.api.ts';

const PERMI = 'system:project:defect-field';

interface FieldForm {
  fieldKey: string;
  fieldLabel: string;
  fieldType: DefectFieldType;
  maxLength?: number | null;
  required: boolean;
  enabled: boolean;
  defaultValue?: unknown;
  options?: Array<{ key: string; label: string; color?: string | null }>;
  itemType?: DefectFieldType;
}

const NEW_FIELD: Partial<FieldForm> = { fieldType: 'string', required: false, enabled: true, options: [] };

function toForm(field: DefectFieldItem): Partial<FieldForm> {
  return {
    fieldKey: field.fieldKey,
    fieldLabel: field.fieldLabel,
    fieldType: field.fieldType,
    maxLength: field.maxLength,
    required: field.required === 1,
    enabled: field.enabled === 1,
    defaultValue: field.defaultValue ?? undefined,
    options: field.typeConfig.options ?? [],
    itemType: field.typeConfig.itemType,
  };
}

function toBody(values: FieldForm): DefectFieldBody {
  const typeConfig =
    values.fieldType === 'enum'
      ? { options: (values.options ?? []).map((o) => ({ ...o, color: o.color || null })) }
      : values.fieldType === 'array'
        ? {
            itemType: values.itemType ?? 'string',
            ...(values.itemType === 'enum' ? { options: values.options ?? [] } : {}),
          }
        : {};
  return {
    fieldKey: values.fieldKey,
    fieldLabel: values.fieldLabel.trim(),
    fieldType: values.fieldType,
    typeConfig,
    maxLength:
      values.fieldType === 'string' || values.fieldType === 'text' ? (values.maxLength ?? null) : null,
    required: values.required ? 1 : 0,
    enabled: values.enabled ? 1 : 0,
    defaultValue: NO_DEFAULT_TYPES.includes(values.fieldType) ? null : (values.defaultValue ?? null),
  };
}

/** The options of an enum (or of a list of enum values): key, label and colour, keys unique. */
function OptionsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List
      name="options"
      rules={[
        {
          validator: async (_, options?: Array<{ key?: string }>) => {
            if (!options || options.length === 0) throw new Error(t('defect-field.options-required'));
            const keys = options.map((o) => o?.key?.trim()).filter(Boolean);
            if (new Set(keys).size !== keys.length) throw new Error(t('defect-field.options-duplicate'));
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={t('defect-field.options')} required>
          {rows.map((row) => (
            <Space key={row.key} align="baseline" wrap style={{ display: 'flex' }}>
              <Form.Item
                name={[row.name, 'key']}
                rules={[{ required: true, message: t('defect-field.option-key-required') }, { max: 64 }]}
              >
                <Input placeholder={t('defect-field.option-key')} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item
                name={[row.name, 'label']}
                rules={[{ required: true, message: t('defect-field.option-label-required') }, { max: 64 }]}
              >
                <Input placeholder={t('defect-field.option-label')} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item
                name={[row.name, 'color']}
                getValueFromEvent={(color: { toHexString: () => string } | null) =>
                  color?.toHexString() ?? null
                }
              >
                <ColorPicker allowClear size="small" />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ key: '', label: '' })}>
            {t('defect-field.add-option')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}

/** The default value's editor, for the type being defined (its options as they are typed). */
function DefaultValueItem() {
  const { t } = useTranslation();
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldValue }) => {
        const fieldType = getFieldValue('fieldType') as DefectFieldType;
        if (NO_DEFAULT_TYPES.includes(fieldType)) return null;
        const field = {
          fieldKey: '',
          fieldLabel: (getFieldValue('fieldLabel') as string) || t('defect-field.default'),
          fieldType,
          maxLength: (getFieldValue('maxLength') as number | null) ?? null,
          typeConfig: {
            options: ((getFieldValue('options') as FieldForm['options']) ?? []).filter((o) => o?.key),
            itemType: getFieldValue('itemType') as DefectFieldType | undefined,
          },
          required: 0,
        } as DefectFieldItem;
        return (
          <Form.Item
            name="defaultValue"
            label={t('defect-field.default')}
            tooltip={t('defect-field.default-hint')}
            rules={[customFieldRule(t, field)]}
          >
            <CustomFieldInput key={fieldType} field={field} />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

/**
 * Defect attribute management (1.0's /project/defect-fields): the built-in attributes, which may be
 * switched off (but for the title, handler and number) and ordered, and the project's own, added,
 * edited and switched off here; the defect form, view, list, filters and Excel files follow.
 */
export default function DefectFieldsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { project } = useCurrentProject();
  const projectId = project?.projectId ?? 0;
  const mayEdit = usePermi([`${PERMI}:edit`]);
  const [target, setTarget] = useState<DefectFieldItem | null | undefined>(undefined);
  const fields = useQuery({
    queryKey: defectFieldKeys.manage(projectId),
    queryFn: async () => (await listDefectFields(projectId)).data ?? [],
    enabled: projectId > 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: defectFieldKeys.all });
  const dialog = useFormDialog<FieldForm>({
    isOpen: target !== undefined,
    isCreate: target === null,
    initialValues: target ? toForm(target) : NEW_FIELD,
    save: (values) =>
      target
        ? updateDefectField(projectId, target.fieldId as number, toBody(values))
        : createDefectField(projectId, toBody(values)),
    invalidate: [defectFieldKeys.all],
    onClose: () => setTarget(undefined),
  });
  const change = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      message.success(t('modify-success'));
      void refresh();
    },
  });

  const rows = fields.data ?? [];
  /** Up or down within its group (built-in or custom): the two swap places in the shared order. */
  const move = (row: DefectFieldItem, step: -1 | 1) => {
    const group = rows.filter((r) => r.systemBuiltin === row.systemBuiltin);
    const at = group.indexOf(row);
    const other = group[at + step];
    if (!other) return;
    const a = {
      fieldKey: row.fieldKey,
      sortOrder: other.sortOrder === row.sortOrder ? row.sortOrder + step : other.sortOrder,
    };
    const b = { fieldKey: other.fieldKey, sortOrder: row.sortOrder };
    change.mutate(async () => {
      for (const item of [a, b]) {
        const field = rows.find((r) => r.fieldKey === item.fieldKey) as DefectFieldItem;
        if (field.systemBuiltin) await saveBuiltinLayout(projectId, [item]);
        else await updateDefectField(projectId, field.fieldId as number, { sortOrder: item.sortOrder });
      }
    });
  };
  const setEnabled = (row: DefectFieldItem, enabled: boolean) =>
    change.mutate(() =>
      row.systemBuiltin
        ? saveBuiltinLayout(projectId, [{ fieldKey: row.fieldKey, enabled: enabled ? 1 : 0 }])
        : updateDefectField(projectId, row.fieldId as number, { enabled: enabled ? 1 : 0 }),
    );

  const columns: TableColumnsType<DefectFieldItem> = [
    {
      title: t('defect-field.source'),
      width: 90,
      render: (_, row) => (
        <Tag color={row.systemBuiltin ? 'default' : 'blue'}>
          {t(row.systemBuiltin ? 'defect-field.system' : 'defect-field.custom')}
        </Tag>
      ),
    },
    { title: t('defect-field.key'), dataIndex: 'fieldKey', width: 150, ellipsis: true },
    { title: t('defect-field.label'), dataIndex: 'fieldLabel', width: 140, ellipsis: true },
    {
      title: t('defect-field.type'),
      dataIndex: 'fieldType',
      width: 110,
      // A built-in reference (handler, deliverable, case, creator) is stored as an id, not as JSON.
      render: (type: DefectFieldType, row) =>
        t(
          row.systemBuiltin && type === 'object'
            ? 'defect-field.type.reference'
            : `defect-field.type.${type}`,
        ),
    },
    { title: t('defect-field.max-length'), dataIndex: 'maxLength', width: 100, render: (n) => n ?? '-' },
    {
      title: t('defect-field.default'),
      width: 140,
      render: (_, row) => <CustomFieldValue field={row} value={row.defaultValue} isCompact />,
    },
    {
      title: t('defect-field.required'),
      width: 80,
      render: (_, row) => t(row.required === 1 ? 'yes' : 'no'),
    },
    {
      title: t('defect-field.enabled'),
      width: 90,
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled === 1}
          disabled={!mayEdit || ALWAYS_ENABLED_FIELDS.includes(row.fieldKey)}
          aria-label={`${t('defect-field.enabled')} ${row.fieldLabel}`}
          onChange={(checked) => setEnabled(row, checked)}
        />
      ),
    },
    {
      title: t('defect-field.sort'),
      width: 100,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={!mayEdit}
            aria-label={`${t('defect-field.up')} ${row.fieldLabel}`}
            onClick={() => move(row, -1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={!mayEdit}
            aria-label={`${t('defect-field.down')} ${row.fieldLabel}`}
            onClick={() => move(row, 1)}
          />
        </Space>
      ),
    },
    {
      title: t('operate'),
      width: 150,
      fixed: 'right',
      render: (_, row) =>
        row.systemBuiltin ? null : (
          <Space size={0}>
            <PermiButton permi={[`${PERMI}:edit`]} type="link" size="small" onClick={() => setTarget(row)}>
              {t('modify')}
            </PermiButton>
            {row.enabled === 1 ? (
              <PermiButton
                permi={[`${PERMI}:remove`]}
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm({
                    content: t('defect-field.disable-confirm', { name: row.fieldLabel }),
                    action: async () => {
                      await disableDefectField(projectId, row.fieldId as number);
                      await refresh();
                    },
                    isDanger: true,
                  })
                }
              >
                {t('defect-field.disable')}
              </PermiButton>
            ) : null}
          </Space>
        ),
    },
  ];

  const isUsed = target?.isUsed === true;
  return (
    <Card
      title={t('defect-field.title')}
      extra={
        <PermiButton
          permi={[`${PERMI}:add`]}
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setTarget(null)}
        >
          {t('defect-field.add')}
        </PermiButton>
      }
    >
      <Table
        rowKey="fieldKey"
        size="small"
        loading={fields.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1240 }}
      />
      <FormDialog
        dialog={dialog}
        name="defect-field"
        title={t(target ? 'defect-field.edit' : 'defect-field.add')}
        width={640}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="fieldKey"
              label={t('defect-field.key')}
              tooltip={t('defect-field.key-hint')}
              rules={[
                { required: true, message: t('defect-field.key-required') },
                { pattern: FIELD_KEY_PATTERN, message: t('defect-field.key-invalid') },
              ]}
            >
              <Input disabled={Boolean(target)} maxLength={64} placeholder="browser" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="fieldLabel"
              label={t('defect-field.label')}
              rules={[
                { required: true, whitespace: true, message: t('defect-field.label-required') },
                {
                  validator: async (_, v?: string) => {
                    if (v && labelWidth(v.trim()) > FIELD_LABEL_WIDTH)
                      throw new Error(t('defect-field.label-too-long'));
                  },
                },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="fieldType"
              label={t('defect-field.type')}
              tooltip={isUsed ? t('defect-field.type-locked') : undefined}
            >
              <Select
                disabled={isUsed}
                options={DEFECT_FIELD_TYPES.map((type) => ({
                  value: type,
                  label: t(`defect-field.type.${type}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Form.Item
            noStyle
            shouldUpdate={(a, b) => a.fieldType !== b.fieldType || a.itemType !== b.itemType}
          >
            {({ getFieldValue }) => {
              const type = getFieldValue('fieldType') as DefectFieldType;
              return (
                <>
                  {type === 'string' || type === 'text' ? (
                    <Col xs={24} md={12}>
                      <Form.Item name="maxLength" label={t('defect-field.max-length')}>
                        <InputNumber min={1} max={65536} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  ) : null}
                  {type === 'array' ? (
                    <Col xs={24} md={12}>
                      <Form.Item
                        name="itemType"
                        label={t('defect-field.item-type')}
                        rules={[{ required: true, message: t('defect-field.item-type-required') }]}
                      >
                        <Select
                          options={ARRAY_ITEM_TYPES.map((item) => ({
                            value: item,
                            label: t(`defect-field.type.${item}`),
                          }))}
                        />
                      </Form.Item>
                    </Col>
                  ) : null}
                  {type === 'enum' || (type === 'array' && getFieldValue('itemType') === 'enum') ? (
                    <Col span={24}>
                      <OptionsEditor />
                    </Col>
                  ) : null}
                </>
              );
            }}
          </Form.Item>
          <Col span={24}>
            <DefaultValueItem />
          </Col>
          <Col xs={12}>
            <Form.Item name="required" valuePropName="checked">
              <Checkbox>{t('defect-field.required')}</Checkbox>
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="enabled" valuePropName="checked">
              <Checkbox>{t('defect-field.enabled')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </FormDialog>
    </Card>
  );
}
