import { FolderOutlined } from '@ant-design/icons';
import { TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModuleOption, moduleOptions, ROOT_MODULE_ID } from './module-tree.ts';
import { useModuleTree } from './modules.api.ts';

interface ModuleSelectProps {
  projectId: number;
  value?: number | null;
  /** undefined when cleared. */
  onChange?: (moduleId: number | undefined) => void;
  /** Offers "No deliverable" (id 0) first: a filter for defects linked to none. */
  hasNoneOption?: boolean;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
}

/**
 * Picks one deliverable of the project from its tree; the choice shows as its path ('App/Login'),
 * and typing searches the paths. Fits a Form.Item (value, onChange, id) and the list filters alike.
 */
export function ModuleSelect({
  projectId,
  value,
  onChange,
  hasNoneOption = false,
  placeholder,
  id,
  style,
}: ModuleSelectProps) {
  const { t } = useTranslation();
  const { query, tree } = useModuleTree(projectId);
  const none: ModuleOption = { value: ROOT_MODULE_ID, title: t('module.none'), path: t('module.none') };
  const options = moduleOptions(tree);
  const label = placeholder ?? t('module.select-placeholder');
  return (
    <TreeSelect<number>
      id={id}
      allowClear
      showSearch={{ treeNodeFilterProp: 'path' }}
      treeNodeLabelProp="path"
      treeDefaultExpandAll
      loading={query.isLoading}
      prefix={<FolderOutlined />}
      placeholder={label}
      aria-label={label}
      notFoundContent={t('module.empty')}
      popupMatchSelectWidth={false}
      style={{ width: '100%', ...style }}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      treeData={hasNoneOption ? [none, ...options] : options}
    />
  );
}
