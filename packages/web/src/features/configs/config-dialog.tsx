import type { Config } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { useDict } from '../dicts/use-dict.ts';
import { addConfig, type ConfigBody, configKeys, updateConfig } from './configs.api.ts';

/** `target` undefined: closed; null: create; a row: edit it. */
export function ConfigDialog({
  target,
  onClose,
}: {
  target: Config | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConfigBody>();
  const yesNo = useDict('sys_yes_no');
  const isCreate = target === null;

  useEffect(() => {
    if (target === undefined) return;
    form.setFieldsValue(target ?? { configType: 'N' });
  }, [target, form]);

  const mutation = useMutation({
    mutationFn: (body: ConfigBody) => (isCreate ? addConfig(body) : updateConfig(body)),
    onSuccess: () => {
      message.success(t(isCreate ? 'add-success' : 'modify-success'));
      void queryClient.invalidateQueries({ queryKey: configKeys.all });
      onClose();
    },
  });

  const submit = () =>
    form
      .validateFields()
      .then((values) => mutation.mutate({ ...values, configId: target?.configId }))
      .catch(() => {});

  return (
    <FormModal
      open={target !== undefined}
      title={t(isCreate ? 'config.add' : 'config.edit')}
      width={500}
      isSaving={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="configName"
          label={t('config.name')}
          rules={[{ required: true, whitespace: true, message: t('config.name-required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="configKey"
          label={t('config.key')}
          rules={[{ required: true, whitespace: true, message: t('config.key-required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="configValue"
          label={t('config.value')}
          rules={[{ required: true, message: t('config.value-required') }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="configType" label={t('config.built-in')}>
          <Radio.Group options={yesNo.options.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
