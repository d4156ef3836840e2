import type { TreeNode } from '@buglet/contracts';
import { Checkbox, Flex, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateOr } from '../../lib/i18n.ts';

export interface MenuSelection {
  checked: number[];
  halfChecked: number[];
}

function toDataNodes(nodes: readonly TreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: translateOr(n.labelI18nKey, n.label),
    children: n.children?.length ? toDataNodes(n.children) : undefined,
  }));
}

function collectKeys(nodes: readonly TreeNode[], onlyParents = false): number[] {
  return nodes.flatMap((n) => [
    ...(onlyParents && !n.children?.length ? [] : [n.id]),
    ...collectKeys(n.children ?? [], onlyParents),
  ]);
}

interface MenuTreeFieldProps {
  menus: TreeNode[];
  value: MenuSelection;
  onChange: (value: MenuSelection) => void;
}

/** Menu permission tree with expand / select-all / parent-child linkage switches. */
export function MenuTreeField({ menus, value, onChange }: MenuTreeFieldProps) {
  const { t } = useTranslation();
  const [isLinked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<number[]>([]);
  const treeData = useMemo(() => toDataNodes(menus), [menus]);
  const allKeys = useMemo(() => collectKeys(menus), [menus]);

  return (
    <div>
      <Flex gap={12} wrap style={{ marginBottom: 8 }}>
        <Checkbox
          checked={expanded.length > 0}
          onChange={(e) => setExpanded(e.target.checked ? collectKeys(menus, true) : [])}
        >
          {t('tree.expand')}
        </Checkbox>
        <Checkbox
          checked={allKeys.length > 0 && value.checked.length === allKeys.length}
          onChange={(e) => onChange({ checked: e.target.checked ? allKeys : [], halfChecked: [] })}
        >
          {t('tree.select-all')}
        </Checkbox>
        <Checkbox checked={isLinked} onChange={(e) => setLinked(e.target.checked)}>
          {t('tree.linkage')}
        </Checkbox>
      </Flex>
      <div
        style={{ border: '1px solid #e5e6e7', borderRadius: 4, maxHeight: 300, overflow: 'auto', padding: 4 }}
      >
        <Tree
          checkable
          checkStrictly={!isLinked}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          checkedKeys={isLinked ? value.checked : { checked: value.checked, halfChecked: [] }}
          onCheck={(checked, info) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            onChange({
              checked: keys.map(Number),
              halfChecked: isLinked ? (info.halfCheckedKeys ?? []).map(Number) : [],
            });
          }}
        />
      </div>
    </div>
  );
}

/** With linkage the server's checked parents would tick every child, so only leaves are kept. */
export function leafChecked(menus: readonly TreeNode[], checked: readonly number[]): number[] {
  const parents = new Set(collectKeys(menus, true));
  return checked.filter((id) => !parents.has(id));
}
