import type { DictData } from '@buglet/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { DictRadioGroup } from './dict-fields.tsx';
import { addDictData, type DictDataBody, dictDataKeys, updateDictData } from './dicts.api.ts';
import { dictKeys } from './use-dict.ts';

const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
const NEW_DATA: Partial<DictDataBody> = { dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' };
const HALF = { xs: 24, md: 12 };

interface DictDataDialogProps {
  dictType: string;
  target: EditTarget<DictData>;
  onClose: () => void;
}

export function DictDataDialog({ dictType, target, onClose }: DictDataDialogProps) {
  const { t } = useTranslation();
  const isCreate = target === null;
  const dialog = useFormDialog<DictDataBody>({
    isOpen: target !== undefined,
    isCreate,
    initialValues: target ?? NEW_DATA,
    save: (values) =>
      (isCreate ? addDictData : updateDictData)({ ...values, dictType, dictCode: target?.dictCode }),
    // Labels cached for selects and tags must pick up the change too.
    invalidate: [dictDataKeys.all, dictKeys.type(dictType)],
    onClose,
  });

  return (
    <FormDialog
      dialog={dialog}
      name="dict-data-dialog"
      title={t(isCreate ? 'dict.add-data' : 'dict.edit-data')}
    >
      <Row gutter={16}>
        <Col {...HALF}>
          <Form.Item label={t('dict.type')}>
            <Input value={dictType} disabled />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="dictLabel"
            label={t('dict.label')}
            rules={[{ required: true, whitespace: true, message: t('dict.label-required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="dictValue"
            label={t('dict.value')}
            rules={[{ required: true, whitespace: true, message: t('dict.value-required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item
            name="dictSort"
            label={t('dict.sort')}
            rules={[{ required: true, message: t('dict.sort-required') }]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="cssClass" label={t('dict.css-class')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="listClass" label={t('dict.list-class')}>
            <Select options={LIST_CLASSES.map((c) => ({ value: c, label: t(`dict.list-class.${c}`) }))} />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="isDefault" label={t('dict.is-default')}>
            <DictRadioGroup type="sys_yes_no" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="status" label={t('status')}>
            <DictRadioGroup type="sys_normal_disable" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
