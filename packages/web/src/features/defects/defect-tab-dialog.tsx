import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { type DefectTab, defectTabKeys } from './defect-tabs.api.ts';

/** The stored name is a varchar(255). */
export const TAB_NAME_MAX = 255;

export type TabDialogTarget = { kind: 'create' } | { kind: 'rename'; tab: DefectTab };

interface DefectTabDialogProps {
  projectId: number;
  target: TabDialogTarget | undefined;
  /** Sends the name: a new tab from the current filters and columns, or the new name of a tab. */
  save: (tabName: string) => Promise<unknown>;
  onClose: () => void;
}

/** Names a new tab (saving the current filters and columns) or renames one. */
export function DefectTabDialog({ projectId, target, save, onClose }: DefectTabDialogProps) {
  const { t } = useTranslation();
  const isCreate = target?.kind === 'create';
  const dialog = useFormDialog<{ tabName: string }>({
    isOpen: target !== undefined,
    isCreate,
    save: (values) => save(values.tabName.trim()),
    invalidate: [defectTabKeys.config(projectId)],
    onClose,
    initialValues: target?.kind === 'rename' ? target.tab : undefined,
  });
  return (
    <FormDialog
      dialog={dialog}
      name="defect-tab"
      width={440}
      title={t(isCreate ? 'defect.tab.create-title' : 'defect.tab.rename-title')}
    >
      <Form.Item
        name="tabName"
        label={t('defect.tab.name')}
        rules={[
          { required: true, whitespace: true, message: t('defect.tab.name-required') },
          { max: TAB_NAME_MAX, message: t('defect.tab.name-too-long', { max: TAB_NAME_MAX }) },
        ]}
      >
        <Input allowClear autoFocus placeholder={t('defect.tab.name-placeholder')} />
      </Form.Item>
      {isCreate ? <Typography.Text type="secondary">{t('defect.tab.saves-hint')}</Typography.Text> : null}
    </FormDialog>
  );
}
