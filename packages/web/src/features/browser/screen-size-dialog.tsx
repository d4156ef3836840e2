import type { ScreenSize } from '@buglet/contracts';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { addScreenSize, type ScreenSizeBody, screenSizeKeys, updateScreenSize } from './browser.api.ts';

const PIXELS = /^\d{2,5}(px)?$/i;

export function ScreenSizeDialog({
  target,
  onClose,
}: {
  target: EditTarget<ScreenSize>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isCreate = target === null;
  const initialValues = useMemo(
    () => (target ? { ...target, width: target.width ?? '', height: target.height ?? '' } : undefined),
    [target],
  );
  const dialog = useFormDialog<ScreenSizeBody>({
    isOpen: target !== undefined,
    isCreate,
    initialValues,
    save: (values) =>
      (isCreate ? addScreenSize : updateScreenSize)({ ...values, screenSizeId: target?.screenSizeId }),
    invalidate: [screenSizeKeys.all],
    onClose,
  });
  const pixels = [
    { required: true, message: t('browser.screen-size.pixels-required') },
    { pattern: PIXELS, message: t('browser.screen-size.pixels-invalid') },
  ];

  return (
    <FormDialog
      dialog={dialog}
      name="screen-size-dialog"
      title={t(isCreate ? 'browser.screen-size.add' : 'browser.screen-size.edit')}
      width={460}
    >
      <Form.Item
        name="name"
        label={t('browser.screen-size.name')}
        rules={[{ required: true, whitespace: true, message: t('browser.screen-size.name-required') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="width" label={t('browser.width')} rules={pixels}>
        <Input maxLength={7} placeholder="390px" />
      </Form.Item>
      <Form.Item name="height" label={t('browser.height')} rules={pixels}>
        <Input maxLength={7} placeholder="844px" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
