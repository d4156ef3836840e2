import type { DictType } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { addDictType, type DictTypeBody, dictTypeKeys, updateDictType } from './dicts.api.ts';
import { useDict } from './use-dict.ts';

/** `target` undefined: closed; null: create; a row: edit it. */
export function DictTypeDialog({
  target,
  onClose,
}: {
  target: DictType | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DictTypeBody>();
  const statusDict = useDict('sys_normal_disable');
  const isCreate = target === null;

  useEffect(() => {
    if (target === undefined) return;
    form.setFieldsValue(target ?? { status: '0' });
  }, [target, form]);

  const mutation = useMutation({
    mutationFn: (body: DictTypeBody) => (isCreate ? addDictType(body) : updateDictType(body)),
    onSuccess: () => {
      message.success(t(isCreate ? 'add-success' : 'modify-success'));
      void queryClient.invalidateQueries({ queryKey: dictTypeKeys.all });
      onClose();
    },
  });

  const submit = () =>
    form
      .validateFields()
      .then((values) => mutation.mutate({ ...values, dictId: target?.dictId }))
      .catch(() => {});

  return (
    <FormModal
      open={target !== undefined}
      title={t(isCreate ? 'dict.add-type' : 'dict.edit-type')}
      width={500}
      isSaving={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="dictName"
          label={t('dict.name')}
          rules={[{ required: true, whitespace: true, message: t('dict.name-required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="dictType"
          label={t('dict.type')}
          rules={[
            { required: true, whitespace: true, message: t('dict.type-required') },
            { pattern: /^[a-z][a-z0-9_]*$/, message: t('dict.type-invalid') },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Radio.Group options={statusDict.options.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
