import type { Config } from '@buglet/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { DictRadioGroup } from '../dicts/index.ts';
import { addConfig, type ConfigBody, configKeys, updateConfig } from './configs.api.ts';

const NEW_CONFIG: Partial<ConfigBody> = { configType: 'N' };

export function ConfigDialog({ target, onClose }: { target: EditTarget<Config>; onClose: () => void }) {
  const { t } = useTranslation();
  const isCreate = target === null;
  const dialog = useFormDialog<ConfigBody>({
    isOpen: target !== undefined,
    isCreate,
    initialValues: target ?? NEW_CONFIG,
    save: (values) => (isCreate ? addConfig : updateConfig)({ ...values, configId: target?.configId }),
    invalidate: [configKeys.all],
    onClose,
  });

  return (
    <FormDialog
      dialog={dialog}
      name="config-dialog"
      title={t(isCreate ? 'config.add' : 'config.edit')}
      width={500}
    >
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
        <DictRadioGroup type="sys_yes_no" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
