import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Flex, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { type ModuleTreeNode, parentIds, useModuleTree } from '../modules/index.ts';
import { subtreeCaseCounts } from './case-tree.ts';

const ALL_KEY = 'all';

interface CaseModuleTreeProps {
  projectId: number;
  /** The chosen deliverable; undefined = all. */
  selected: number | undefined;
  onSelect: (moduleId: number | undefined) => void;
  /** Add deliverables under the chosen one (the root when none). */
  onAdd: () => void;
}

function NodeTitle({ name, count }: { name: string; count: number }) {
  return (
    <Flex justify="space-between" gap={8} style={{ minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: name }} style={{ minWidth: 0 }}>
        {name}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
        {count}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The deliverable tree beside the cases: "all" on top, each node with the cases in its subtree
 * (what choosing it lists); everything open at first.
 */
export function CaseModuleTree({ projectId, selected, onSelect, onAdd }: CaseModuleTreeProps) {
  const { t } = useTranslation();
  const { query, tree } = useModuleTree(projectId);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const counts = useMemo(() => subtreeCaseCounts(tree), [tree]);
  const total = tree.reduce((sum, root) => sum + (counts.get(root.moduleId) ?? 0), 0);

  const treeData = useMemo((): TreeDataNode[] => {
    const toNode = (node: ModuleTreeNode): TreeDataNode => ({
      key: String(node.moduleId),
      title: <NodeTitle name={node.moduleName} count={counts.get(node.moduleId) ?? 0} />,
      children: node.children?.map(toNode),
    });
    return [
      { key: ALL_KEY, title: <NodeTitle name={t('module.all')} count={total} />, children: tree.map(toNode) },
    ];
  }, [tree, counts, total, t]);
  const expandable = [ALL_KEY, ...parentIds(tree).map(String)];
  const expanded = expandable.filter((key) => !collapsed.has(key));

  return (
    <Flex vertical gap={8} className="case-module-tree" data-testid="case-module-tree">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>
          <ApartmentOutlined /> {t('case.module-tree')}
        </Typography.Text>
        <PermiButton
          permi={['system:module:add']}
          size="small"
          type="text"
          icon={<PlusOutlined />}
          aria-label={t('module.add')}
          title={t('module.add')}
          disabled={projectId <= 0}
          onClick={onAdd}
        />
      </Flex>
      <Spin spinning={query.isLoading}>
        <Tree
          blockNode
          showLine
          treeData={treeData}
          selectedKeys={[selected === undefined ? ALL_KEY : String(selected)]}
          expandedKeys={expanded}
          onExpand={(_keys, { expanded: isOpen, node }) =>
            setCollapsed((prev) => {
              const next = new Set(prev);
              if (isOpen) next.delete(String(node.key));
              else next.add(String(node.key));
              return next;
            })
          }
          onSelect={(_keys, { node }) => {
            const key = String(node.key);
            onSelect(key === ALL_KEY ? undefined : Number(key));
          }}
        />
      </Spin>
    </Flex>
  );
}
