import type { DictType } from '@buglet/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { DictRadioGroup } from './dict-fields.tsx';
import { addDictType, type DictTypeBody, dictTypeKeys, updateDictType } from './dicts.api.ts';

const NEW_TYPE: Partial<DictTypeBody> = { status: '0' };

export function DictTypeDialog({ target, onClose }: { target: EditTarget<DictType>; onClose: () => void }) {
  const { t } = useTranslation();
  const isCreate = target === null;
  const dialog = useFormDialog<DictTypeBody>({
    isOpen: target !== undefined,
    isCreate,
    initialValues: target ?? NEW_TYPE,
    save: (values) => (isCreate ? addDictType : updateDictType)({ ...values, dictId: target?.dictId }),
    invalidate: [dictTypeKeys.all],
    onClose,
  });

  return (
    <FormDialog
      dialog={dialog}
      name="dict-type-dialog"
      title={t(isCreate ? 'dict.add-type' : 'dict.edit-type')}
      width={500}
    >
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
        <DictRadioGroup type="sys_normal_disable" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
