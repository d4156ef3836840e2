import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { DeleteRowAction, EditRowAction, RowAction } from '../../components/row-actions.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { CASE_PAGE_PATH } from '../../lib/page-paths.ts';
import { PROJECT_HOME_PATH, useCurrentProject } from '../projects/index.ts';
import { ModuleDialog, type ModuleEditTarget } from './module-dialog.tsx';
import { buildModuleTree, type ModuleTreeNode, parentIds } from './module-tree.ts';
import { listModules, moduleKeys, useModuleTree } from './modules.api.ts';
import { useRemoveModule } from './use-remove-module.ts';

const FILTERS = ['moduleName'] as const;
const PERMI_PREFIX = 'system:module';

/** The current project's deliverables as a tree table, all open at first; filtered by name in the URL. */
export default function ModuleListPage() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  const list = useListParams(FILTERS);
  const name = list.filters.moduleName ?? '';
  const whole = useModuleTree(projectId);
  const filtered = useQuery({
    queryKey: moduleKeys.list(projectId, name),
    queryFn: () => listModules(projectId, name),
    enabled: projectId > 0 && name !== '',
  });
  const shown = name ? filtered : whole.query;
  const tree = useMemo(
    () => (name ? buildModuleTree(filtered.data?.data ?? []) : whole.tree),
    [name, filtered.data, whole.tree],
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expandable = parentIds(tree);
  const expanded = expandable.filter((id) => !collapsed.has(id));
  const [target, setTarget] = useState<ModuleEditTarget | undefined>();
  const remove = useRemoveModule();

  const toggleAll = () => setCollapsed(new Set(expanded.length > 0 ? expandable : []));
  const toggleOne = (isOpen: boolean, node: ModuleTreeNode) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (isOpen) next.delete(node.moduleId);
      else next.add(node.moduleId);
      return next;
    });

  const columns: TableColumnsType<ModuleTreeNode> = [
    {
      title: t('module.name'),
      key: 'name',
      minWidth: 220,
      render: (_v, node) => (
        <span>
          {node.moduleName}
          {name && node.modulePath !== node.moduleName ? (
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              {node.modulePath}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t('module.defect-count'),
      dataIndex: 'defectCount',
      width: 90,
      align: 'center',
      render: (count: number, node) =>
        count > 0 ? <Link to={`${PROJECT_HOME_PATH}?module=${node.moduleId}`}>{count}</Link> : count,
    },
    {
      title: t('module.case-count'),
      dataIndex: 'caseCount',
      width: 90,
      align: 'center',
      render: (count: number, node) =>
        count > 0 ? <Link to={`${CASE_PAGE_PATH}?module=${node.moduleId}`}>{count}</Link> : count,
    },
    {
      title: t('remark'),
      dataIndex: 'remark',
      width: 240,
      ellipsis: true,
      render: (remark: string | null) => remark || '',
    },
    {
      title: t('operate'),
      key: 'operate',
      fixed: 'right',
      render: (_v, node) => (
        <Space size={0} wrap>
          <EditRowAction permiPrefix={PERMI_PREFIX} onClick={() => setTarget({ moduleId: node.moduleId })} />
          <RowAction
            permi={[`${PERMI_PREFIX}:add`]}
            icon={<PlusOutlined />}
            onClick={() => setTarget({ modulePid: node.moduleId })}
          >
            {t('module.add-child')}
          </RowAction>
          <DeleteRowAction permiPrefix={PERMI_PREFIX} onClick={() => remove(node)} />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListToolbar onRefresh={() => void shown.refetch()}>
        <DebouncedSearch
          width={240}
          value={name}
          placeholder={t('module.filter-placeholder')}
          onSearch={(moduleName) => list.search({ moduleName })}
        />
        <Button
          icon={expanded.length > 0 ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
          onClick={toggleAll}
          disabled={expandable.length === 0}
        >
          {t(expanded.length > 0 ? 'module.collapse-all' : 'module.expand-all')}
        </Button>
        <PermiButton
          permi={[`${PERMI_PREFIX}:add`]}
          type="primary"
          icon={<PlusOutlined />}
          disabled={projectId <= 0}
          onClick={() => setTarget({})}
        >
          {t('module.create')}
        </PermiButton>
      </ListToolbar>
      <Table<ModuleTreeNode>
        rowKey="moduleId"
        loading={shown.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpand: toggleOne }}
        locale={{ emptyText: t(name ? 'module.no-match' : 'module.empty') }}
      />
      <ModuleDialog
        projectId={projectId}
        rows={whole.rows}
        target={target}
        onClose={() => setTarget(undefined)}
      />
    </Card>
  );
}
