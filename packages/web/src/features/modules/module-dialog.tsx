import { MODULE_NAME_MAX, type ModuleNode } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Segmented, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { batchNames, batchProblems, nameProblem } from './module-names.ts';
import { parentOptions, ROOT_MODULE_ID } from './module-tree.ts';
import { addModules, getModule, moduleKeys, updateModule } from './modules.api.ts';

/** Add (under a parent, root by default) or modify one deliverable. */
export interface ModuleEditTarget {
  moduleId?: number;
  modulePid?: number;
}

interface FormValues {
  modulePid: number;
  moduleName?: string;
  /** Several names, one per line (create only). */
  batchText?: string;
  remark?: string | null;
}

const REMARK_MAX = 255;
const BATCH_TEXT_MAX = 65_536;

interface ModuleDialogProps {
  projectId: number;
  /** The project's whole tree, flat: the parent picker's choices. */
  rows: readonly ModuleNode[];
  target: ModuleEditTarget | undefined;
  onClose: () => void;
}

export function ModuleDialog({ projectId, rows, target, onClose }: ModuleDialogProps) {
  const { t } = useTranslation();
  const isOpen = target !== undefined;
  const moduleId = target?.moduleId;
  const isCreate = moduleId === undefined;
  const [isBatch, setBatch] = useState(false);

  const dialog = useFormDialog<FormValues>({
    isOpen,
    isCreate,
    save: ({ modulePid, moduleName = '', batchText = '', remark }) => {
      const note = remark?.trim() || null;
      if (!isCreate)
        return updateModule({ moduleId, modulePid, moduleName: moduleName.trim(), remark: note });
      const names = isBatch ? { batchModuleNames: batchNames(batchText) } : { moduleName: moduleName.trim() };
      return addModules({ projectId, modulePid, remark: note, ...names });
    },
    invalidate: [moduleKeys.all, defectKeys.all],
    onClose,
  });
  const { form } = dialog;
  const detail = useQuery({
    queryKey: moduleKeys.detail(moduleId ?? 0),
    queryFn: () => getModule(moduleId ?? 0),
    enabled: isOpen && !isCreate,
    staleTime: 0,
  });

  useEffect(() => {
    if (!isOpen) return;
    if (isCreate) {
      setBatch(false);
      form.setFieldsValue({ modulePid: target?.modulePid ?? ROOT_MODULE_ID });
    } else if (detail.data?.data) {
      const { modulePid, moduleName, remark } = detail.data.data;
      form.setFieldsValue({ modulePid, moduleName, remark });
    }
  }, [isOpen, isCreate, target, detail.data, form]);

  return (
    <FormDialog
      dialog={dialog}
      name="module-dialog"
      title={t(isCreate ? 'module.add' : 'module.modify')}
      width={600}
    >
      <Form.Item
        name="modulePid"
        label={t('module.parent')}
        rules={[{ required: true, message: t('module.parent-required') }]}
      >
        <TreeSelect
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeNodeLabelProp="path"
          treeDefaultExpandAll
          placeholder={t('module.parent-placeholder')}
          treeData={parentOptions(rows, t('module.root'), moduleId)}
        />
      </Form.Item>
      {isCreate ? (
        <Form.Item label={t('module.create-mode')}>
          <Segmented
            value={isBatch ? 'batch' : 'single'}
            onChange={(mode) => setBatch(mode === 'batch')}
            options={[
              { value: 'single', label: t('module.mode-single') },
              { value: 'batch', label: t('module.mode-batch') },
            ]}
          />
        </Form.Item>
      ) : null}
      {isBatch && isCreate ? (
        <Form.Item
          name="batchText"
          label={t('module.names')}
          extra={t('module.names-help')}
          required
          rules={[
            {
              // Every bad line is one error under the box, as the server's rule would refuse it.
              validator: (_rule, value?: string) => {
                const problems = batchProblems(value ?? '', t);
                return problems.length > 0 ? Promise.reject(problems) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={8} maxLength={BATCH_TEXT_MAX} placeholder={t('module.names-placeholder')} />
        </Form.Item>
      ) : (
        <Form.Item
          name="moduleName"
          label={t('module.name')}
          required
          rules={[
            {
              validator: (_rule, value?: string) => {
                const problem = nameProblem(value ?? '', t);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={MODULE_NAME_MAX} showCount placeholder={t('module.name-placeholder')} />
        </Form.Item>
      )}
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={4} maxLength={REMARK_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
