import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import type { AjaxResult } from '@buglet/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Space,
  Table,
  type TableColumnsType,
  TreeSelect,
  type TreeSelectProps,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../hooks/use-confirm.ts';
import { type Filters, useListParams } from '../hooks/use-list-params.ts';
import type { IdKey } from '../hooks/use-selectable-table.ts';
import { type TreeOf, treeIds } from '../lib/tree.ts';
import { CrudToolbar } from './crud-toolbar.tsx';
import { useSearchToggle } from './list-toolbar.tsx';
import { DeleteRowAction, EditRowAction, RowAction } from './row-actions.tsx';
import { SearchForm } from './search-form.tsx';

/** What the add/edit dialog of a tree page opens on: the record to edit, or the parent of a new one. */
export interface TreeEditTarget {
  id?: number;
  parentId?: number;
}

export interface TreeTablePageProps<T, K extends string> {
  /** Filter names kept in the URL and sent to the list call. */
  filters: readonly K[];
  /** The search form's fields, named as in `filters`. */
  search: ReactNode;
  /** Permission prefix such as 'system:dept': add, edit and remove check `<prefix>:<action>`. */
  permiPrefix: string;
  /** Query keys: the whole feature (invalidated after a removal) and one list. */
  keys: { all: QueryKey; list: (filters: Filters<K>) => QueryKey };
  /** The whole (unpaged) flat list. */
  list: (filters: Filters<K>) => Promise<AjaxResult<T[]>>;
  /** The flat list as a tree; a stable function (module level), as the tree is kept until the list changes. */
  toTree: (rows: readonly T[]) => TreeOf<T>[];
  rowKey: IdKey<T>;
  /** The data columns; edit, add below and delete follow them. */
  columns: TableColumnsType<TreeOf<T>>;
  /** The parent of a record added from the toolbar. */
  topParentId: (tree: readonly TreeOf<T>[]) => number | undefined;
  /** The row action that adds a record below the row, and which rows have it. */
  addChild: { label: string; isShown: (row: T) => boolean };
  /** Which rows may be deleted; all by default. */
  canDelete?: (row: T) => boolean;
  remove: { call: (row: T) => Promise<unknown>; confirm: (row: T) => string };
  /** Expand all / collapse all in the toolbar with these texts; the tree then opens all expanded. */
  expandToggle?: { expand: string; collapse: string };
  /** The add/edit dialog; rendered always, open while `target` is not undefined. */
  dialog: (target: TreeEditTarget | undefined, close: () => void) => ReactNode;
}

/**
 * A tree table page (departments, menus): search form and toolbar over the whole list as a tree,
 * each row with edit, add below and delete, and an add/edit dialog. Filters live in the URL.
 */
export function TreeTablePage<T extends object, K extends string>(props: TreeTablePageProps<T, K>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(props.filters);
  const searchToggle = useSearchToggle();
  const [target, setTarget] = useState<TreeEditTarget | undefined>(undefined);
  const query = useQuery({
    queryKey: props.keys.list(list.filters),
    queryFn: () => props.list(list.filters),
  });
  const { toTree, rowKey } = props;
  const tree = useMemo(() => toTree(query.data?.data ?? []), [toTree, query.data]);
  const idOf = (row: T) => Number(row[rowKey]);
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const isExpandable = props.expandToggle !== undefined;
  useEffect(() => {
    if (isExpandable) setExpanded(treeIds(tree, (row) => Number(row[rowKey])));
  }, [tree, isExpandable, rowKey]);
  const isExpanded = expanded.length > 0;

  const remove = (row: T) =>
    confirm({
      content: props.remove.confirm(row),
      action: async () => {
        await props.remove.call(row);
        await queryClient.invalidateQueries({ queryKey: props.keys.all });
      },
    });

  const columns: TableColumnsType<TreeOf<T>> = [
    ...props.columns,
    {
      title: t('operate'),
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          <EditRowAction permiPrefix={props.permiPrefix} onClick={() => setTarget({ id: idOf(row) })} />
          {props.addChild.isShown(row) ? (
            <RowAction
              permi={[`${props.permiPrefix}:add`]}
              icon={<PlusOutlined />}
              onClick={() => setTarget({ parentId: idOf(row) })}
            >
              {props.addChild.label}
            </RowAction>
          ) : null}
          {(props.canDelete?.(row) ?? true) ? (
            <DeleteRowAction permiPrefix={props.permiPrefix} onClick={() => remove(row)} />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          {props.search}
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={() => void query.refetch()}
        permiPrefix={props.permiPrefix}
        onAdd={() => setTarget({ parentId: props.topParentId(tree) })}
      >
        {props.expandToggle ? (
          <Button
            icon={isExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
            onClick={() => setExpanded(isExpanded ? [] : treeIds(tree, idOf))}
          >
            {isExpanded ? props.expandToggle.collapse : props.expandToggle.expand}
          </Button>
        ) : null}
      </CrudToolbar>
      <Table<TreeOf<T>>
        rowKey={rowKey}
        loading={query.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={
          isExpandable
            ? {
                expandedRowKeys: [...expanded],
                onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
              }
            : undefined
        }
      />
      {props.dialog(target, () => setTarget(undefined))}
    </Card>
  );
}

/** A tree record's required parent, picked from the tree (searchable by name). */
export function ParentTreeField({
  label,
  message,
  ...select
}: { label: string; message: string } & Pick<
  TreeSelectProps,
  'treeData' | 'treeDefaultExpandAll' | 'treeDefaultExpandedKeys' | 'placeholder'
>) {
  return (
    <Form.Item name="parentId" label={label} rules={[{ required: true, message }]}>
      <TreeSelect showSearch={{ treeNodeFilterProp: 'title' }} {...select} />
    </Form.Item>
  );
}
