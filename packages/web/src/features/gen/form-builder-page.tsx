import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckOutlined,
  ClearOutlined,
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  ImportOutlined,
} from '@ant-design/icons';
import { BUILDER_FIELD_KINDS } from '@buglet/contracts';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Space,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBuilderCodeDialog } from './form-builder-code-dialog.tsx';
import { BuilderFormItem } from './form-builder-field.tsx';
import { FormBuilderPanel } from './form-builder-panel.tsx';
import {
  copyField,
  duplicateNames,
  EMPTY_FORM,
  type FieldKind,
  type FieldSchema,
  type FieldTexts,
  type FormSchema,
  insertField,
  moveField,
  newField,
  parseForm,
} from './form-builder-schema.ts';

/** The form being built survives a reload: it is kept in this browser. */
const STORAGE_KEY = 'buglet.form-builder';
const DRAG_TYPE = 'text/plain';

function loadForm(): FormSchema {
  return parseForm(localStorage.getItem(STORAGE_KEY) ?? '') ?? EMPTY_FORM;
}

/**
 * The form builder (`/tool/build`): fields dragged (or clicked) from the palette onto the form,
 * reordered by dragging or with the arrows, their properties set on the right. The middle is the
 * form itself, working (rules included); "Code" writes it out as a React component or as JSON.
 */
export default function FormBuilderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [schema, setSchema] = useState<FormSchema>(loadForm);
  const [selectedId, setSelectedId] = useState<string>();
  const [dropIndex, setDropIndex] = useState<number>();
  const [isCodeOpen, setCodeOpen] = useState(false);
  const [importText, setImportText] = useState<string>();
  const [preview] = Form.useForm();
  const fields = schema.fields;
  const selected = fields.find((f) => f.id === selectedId);
  const texts: FieldTexts = {
    label: (kind) => t(`build.kind.${kind}`),
    option: (n) => t('build.option-n', { n }),
  };

  // Kept while it is a valid definition (a field name half typed is not saved over the last good one).
  useEffect(() => {
    const text = JSON.stringify(schema);
    if (parseForm(text)) localStorage.setItem(STORAGE_KEY, text);
  }, [schema]);

  const setFields = (next: FieldSchema[]) => setSchema((s) => ({ ...s, fields: next }));
  const add = (kind: FieldKind, index = fields.length) => {
    const field = newField(kind, fields, texts);
    setFields(insertField(fields, field, index));
    setSelectedId(field.id);
  };
  const changeField = (change: Partial<FieldSchema>) =>
    setFields(fields.map((f) => (f.id === selectedId ? { ...f, ...change } : f)));
  const move = (id: string, by: number) => {
    const at = fields.findIndex((f) => f.id === id);
    setFields(moveField(fields, id, at + by));
  };
  const remove = (id: string) => {
    setFields(fields.filter((f) => f.id !== id));
    if (id === selectedId) setSelectedId(undefined);
  };

  /** A palette item dropped (a new field) or a field dragged to another place, before `index`. */
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    setDropIndex(undefined);
    const data = event.dataTransfer.getData(DRAG_TYPE);
    const [action, value = ''] = data.split(':');
    if (action === 'new' && (BUILDER_FIELD_KINDS as readonly string[]).includes(value))
      add(value as FieldKind, index);
    if (action === 'move') {
      const from = fields.findIndex((f) => f.id === value);
      if (from >= 0) setFields(moveField(fields, value, from < index ? index - 1 : index));
    }
  };
  const over = (event: DragEvent, index: number) => {
    event.preventDefault();
    setDropIndex(index);
  };

  const validate = () =>
    void preview.validateFields().then(
      (values: Record<string, unknown>) =>
        message.success(t('build.valid', { values: JSON.stringify(values) })),
      () => message.warning(t('build.invalid')),
    );
  const loadImported = () => {
    const parsed = parseForm(importText ?? '');
    if (!parsed) return void message.error(t('build.import-invalid'));
    setSchema(parsed);
    setSelectedId(undefined);
    setImportText(undefined);
  };
  const twice = duplicateNames(fields);

  const palette = (
    <Card size="small" title={t('build.palette')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('build.palette-hint')}
      </Typography.Paragraph>
      <Row gutter={[8, 8]}>
        {BUILDER_FIELD_KINDS.map((kind) => (
          <Col key={kind} xs={8} sm={6} md={4} xl={12}>
            <Button
              block
              size="small"
              draggable
              data-kind={kind}
              onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, `new:${kind}`)}
              onClick={() => add(kind)}
            >
              {t(`build.kind.${kind}`)}
            </Button>
          </Col>
        ))}
      </Row>
    </Card>
  );

  const fieldBlock = (field: FieldSchema, index: number) => {
    const isSelected = field.id === selectedId;
    return (
      <Col key={field.id} xs={24} md={field.span}>
        <div
          role="option"
          aria-selected={isSelected}
          tabIndex={0}
          data-field={field.name}
          data-id={field.id}
          draggable
          onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, `move:${field.id}`)}
          onDragOver={(e) => over(e, index)}
          onDrop={(e) => drop(e, index)}
          onMouseDown={() => setSelectedId(field.id)}
          onFocus={() => setSelectedId(field.id)}
          style={{
            position: 'relative',
            padding: '4px 8px',
            marginBottom: 4,
            borderRadius: token.borderRadius,
            cursor: 'move',
            border: `1px ${isSelected ? 'solid' : 'dashed'} ${isSelected ? token.colorPrimary : token.colorBorder}`,
            // Where a dragged field would land: a bar above this one.
            boxShadow: dropIndex === index ? `inset 0 3px 0 ${token.colorPrimary}` : undefined,
          }}
        >
          <BuilderFormItem field={field} />
          {isSelected ? (
            <Space size={0} style={{ position: 'absolute', top: 2, right: 4 }}>
              <Tooltip title={t('build.up')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('build.up')}
                  disabled={index === 0}
                  onClick={() => move(field.id, -1)}
                />
              </Tooltip>
              <Tooltip title={t('build.down')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('build.down')}
                  disabled={index === fields.length - 1}
                  onClick={() => move(field.id, 1)}
                />
              </Tooltip>
              <Tooltip title={t('build.copy-field')}>
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={t('build.copy-field')}
                  onClick={() => setFields(copyField(fields, field.id, texts))}
                />
              </Tooltip>
              <Tooltip title={t('delete')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('delete')}
                  onClick={() => remove(field.id)}
                />
              </Tooltip>
            </Space>
          ) : null}
        </div>
      </Col>
    );
  };

  const canvas = (
    <Card size="small" title={t('build.canvas')}>
      <Flex wrap gap={6} style={{ marginBottom: 12 }}>
        <Button size="small" icon={<CheckOutlined />} onClick={validate}>
          {t('build.try')}
        </Button>
        <Button size="small" type="primary" icon={<CodeOutlined />} onClick={() => setCodeOpen(true)}>
          {t('build.code')}
        </Button>
        <Button size="small" icon={<ImportOutlined />} onClick={() => setImportText('')}>
          {t('build.import')}
        </Button>
        <Button
          size="small"
          danger
          icon={<ClearOutlined />}
          disabled={fields.length === 0}
          onClick={() => {
            setFields([]);
            setSelectedId(undefined);
          }}
        >
          {t('clear')}
        </Button>
      </Flex>
      {twice.length ? (
        <Typography.Text type="danger">{t('build.names-twice', { names: twice.join(', ') })}</Typography.Text>
      ) : null}
      <Form
        form={preview}
        layout={schema.layout}
        size={schema.size}
        labelCol={schema.layout === 'horizontal' ? { span: 6 } : undefined}
        wrapperCol={schema.layout === 'horizontal' ? { span: 18 } : undefined}
      >
        <Row gutter={16} role="listbox" aria-label={t('build.canvas')}>
          {fields.map(fieldBlock)}
        </Row>
      </Form>
      <Flex
        align="center"
        justify="center"
        data-drop="end"
        onDragOver={(e) => over(e, fields.length)}
        onDragLeave={() => setDropIndex(undefined)}
        onDrop={(e) => drop(e, fields.length)}
        style={{
          minHeight: fields.length ? 48 : 200,
          border: `1px dashed ${dropIndex === fields.length ? token.colorPrimary : token.colorBorder}`,
          borderRadius: token.borderRadius,
        }}
      >
        {fields.length ? (
          <Typography.Text type="secondary">{t('build.drop-here')}</Typography.Text>
        ) : (
          <Empty description={t('build.empty')} />
        )}
      </Flex>
    </Card>
  );

  return (
    <>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={5}>
          {palette}
        </Col>
        <Col xs={24} md={14} xl={12}>
          {canvas}
        </Col>
        <Col xs={24} md={10} xl={7}>
          <Card size="small">
            <FormBuilderPanel
              form={schema}
              selected={selected}
              onField={changeField}
              onForm={(change) => setSchema((s) => ({ ...s, ...change }))}
            />
          </Card>
        </Col>
      </Row>
      <FormBuilderCodeDialog form={schema} isOpen={isCodeOpen} onClose={() => setCodeOpen(false)} />
      <Modal
        open={importText !== undefined}
        title={t('build.import')}
        okText={t('ok')}
        cancelText={t('cancel')}
        onOk={loadImported}
        onCancel={() => setImportText(undefined)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={12}
          value={importText}
          placeholder={t('build.import-hint')}
          onChange={(e) => setImportText(e.target.value)}
        />
      </Modal>
    </>
  );
}
