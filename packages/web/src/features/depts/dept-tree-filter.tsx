import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Grid, Input, Tree, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeptOption, deptKeys, getDeptTree, treeSelectOptions } from './depts.api.ts';

interface DeptTreeFilterProps {
  /** The chosen department (its subtree is listed), or undefined for all. */
  value: number | undefined;
  onChange: (deptId: number | undefined) => void;
}

/** The options whose title holds the text, with the branches that lead to them. */
function matching(options: readonly DeptOption[], text: string): DeptOption[] {
  if (!text) return [...options];
  const wanted = text.toLowerCase();
  return options.flatMap((o) => {
    const children = matching(o.children ?? [], text);
    return o.title.toLowerCase().includes(wanted) || children.length > 0 ? [{ ...o, children }] : [];
  });
}

/** Every department can be filtered by, a disabled one too. */
const selectable = (options: readonly DeptOption[]): DeptOption[] =>
  options.map((o) => ({ ...o, disabled: false, children: o.children && selectable(o.children) }));

const keysOf = (options: readonly DeptOption[]): number[] =>
  options.flatMap((o) => [o.value, ...keysOf(o.children ?? [])]);

/**
 * The user page's department filter: a searchable tree beside the list on wide screens, a tree
 * select above it from 1199 px down (the page's aside stands beside the list from 1200 px).
 */
export function DeptTreeFilter({ value, onChange }: DeptTreeFilterProps) {
  const { t } = useTranslation();
  const isWide = Grid.useBreakpoint().xl === true;
  const [text, setText] = useState('');
  const tree = useQuery({ queryKey: deptKeys.tree, queryFn: getDeptTree });
  const options = useMemo(() => selectable(treeSelectOptions(tree.data?.data ?? [])), [tree.data]);
  const shown = useMemo(() => matching(options, text.trim()), [options, text]);

  if (!isWide) {
    return (
      <TreeSelect
        aria-label={t('dept.user')}
        style={{ width: '100%' }}
        allowClear
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={options}
        treeDefaultExpandAll
        value={value}
        onChange={(next?: number) => onChange(next)}
        placeholder={t('dept.all')}
      />
    );
  }
  return (
    <div data-testid="dept-tree-filter">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('dept.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {shown.length > 0 ? (
        <Tree<DeptOption>
          blockNode
          // Remounted on a new search so the matches show opened.
          key={`${text}:${shown.length}`}
          defaultExpandedKeys={keysOf(shown)}
          treeData={shown.map(function toNode(o): DeptOption & { key: number } {
            return { ...o, key: o.value, children: o.children?.map(toNode) };
          })}
          selectedKeys={value === undefined ? [] : [value]}
          // Clicking the chosen department again lists everyone.
          onSelect={(keys) => onChange(keys.length > 0 ? Number(keys[0]) : undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dept.none')} />
      )}
    </div>
  );
}
