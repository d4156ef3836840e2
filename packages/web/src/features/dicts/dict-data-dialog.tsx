import type { DictData } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { addDictData, type DictDataBody, dictDataKeys, updateDictData } from './dicts.api.ts';
import { dictKeys, useDict } from './use-dict.ts';

const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

interface DictDataDialogProps {
  dictType: string;
  /** undefined: closed; null: create; a row: edit it. */
  target: DictData | null | undefined;
  onClose: () => void;
}

export function DictDataDialog({ dictType, target, onClose }: DictDataDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DictDataBody>();
  const statusDict = useDict('sys_normal_disable');
  const yesNo = useDict('sys_yes_no');
  const isCreate = target === null;

  useEffect(() => {
    if (target === undefined) return;
    form.setFieldsValue(target ?? { dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' });
  }, [target, form]);

  const mutation = useMutation({
    mutationFn: (body: DictDataBody) => (isCreate ? addDictData(body) : updateDictData(body)),
    onSuccess: () => {
      message.success(t(isCreate ? 'add-success' : 'modify-success'));
      void queryClient.invalidateQueries({ queryKey: dictDataKeys.all });
      // Labels cached for selects and tags must pick up the change too.
      void queryClient.invalidateQueries({ queryKey: dictKeys.type(dictType) });
      onClose();
    },
  });

  const submit = () =>
    form
      .validateFields()
      .then((values) => mutation.mutate({ ...values, dictType, dictCode: target?.dictCode }))
      .catch(() => {});

  const half = { xs: 24, md: 12 };
  return (
    <FormModal
      open={target !== undefined}
      title={t(isCreate ? 'dict.add-data' : 'dict.edit-data')}
      isSaving={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item label={t('dict.type')}>
              <Input value={dictType} disabled />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="dictLabel"
              label={t('dict.label')}
              rules={[{ required: true, whitespace: true, message: t('dict.label-required') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="dictValue"
              label={t('dict.value')}
              rules={[{ required: true, whitespace: true, message: t('dict.value-required') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="dictSort"
              label={t('dict.sort')}
              rules={[{ required: true, message: t('dict.sort-required') }]}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="cssClass" label={t('dict.css-class')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="listClass" label={t('dict.list-class')}>
              <Select options={LIST_CLASSES.map((c) => ({ value: c, label: t(`dict.list-class.${c}`) }))} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="isDefault" label={t('dict.is-default')}>
              <Radio.Group options={yesNo.options.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="status" label={t('status')}>
              <Radio.Group options={statusDict.options.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
