import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { DeleteRowAction, EditRowAction, RowAction } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { DictTag } from '../dicts/dict-tag.tsx';
import { DeptDialog, type DeptEditTarget } from './dept-dialog.tsx';
import {
  allDeptIds,
  buildDeptTree,
  type DeptNode,
  deleteDept,
  deptKeys,
  deptLabel,
  listDepts,
} from './depts.api.ts';

const FILTERS = ['deptName', 'status'] as const;
const PERMI_PREFIX = 'system:dept';

/** Departments as a tree table (the list endpoint is not paged), opened all expanded. */
export default function DeptListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const [target, setTarget] = useState<DeptEditTarget | undefined>(undefined);
  const query = useQuery({ queryKey: deptKeys.list(list.filters), queryFn: () => listDepts(list.filters) });
  const tree = useMemo(() => buildDeptTree(query.data?.data ?? []), [query.data]);
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  useEffect(() => setExpanded(allDeptIds(tree)), [tree]);
  const isExpanded = expanded.length > 0;

  const remove = (dept: DeptNode) =>
    confirm({
      content: t('dept.confirm-delete', { name: deptLabel(dept.deptName) }),
      action: async () => {
        await deleteDept(dept.deptId);
        await queryClient.invalidateQueries({ queryKey: deptKeys.all });
      },
    });

  const columns: TableColumnsType<DeptNode> = [
    { title: t('dept.name'), render: (_v, d) => deptLabel(d.deptName), width: 260 },
    { title: t('dept.order'), dataIndex: 'orderNum', width: 90 },
    { title: t('dept.leader'), dataIndex: 'leader', width: 120, ellipsis: true },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      render: (v: string) => <DictTag type="sys_normal_disable" value={v} />,
    },
    { title: t('create-time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('operate'),
      fixed: 'right',
      render: (_v, dept) => (
        <Space size={0} wrap>
          <EditRowAction permiPrefix={PERMI_PREFIX} onClick={() => setTarget({ deptId: dept.deptId })} />
          {dept.status === '0' ? (
            <RowAction
              permi={['system:dept:add']}
              icon={<PlusOutlined />}
              onClick={() => setTarget({ parentId: dept.deptId })}
            >
              {t('dept.add-child')}
            </RowAction>
          ) : null}
          {dept.parentId !== 0 ? (
            <DeleteRowAction permiPrefix={PERMI_PREFIX} onClick={() => remove(dept)} />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="deptName" label={t('dept.name')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={() => void query.refetch()}
        permiPrefix={PERMI_PREFIX}
        onAdd={() => setTarget({ parentId: tree[0]?.deptId })}
      >
        <Button
          icon={isExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
          onClick={() => setExpanded(isExpanded ? [] : allDeptIds(tree))}
        >
          {t(isExpanded ? 'dept.collapse-all' : 'dept.expand-all')}
        </Button>
      </CrudToolbar>
      <Table<DeptNode>
        rowKey="deptId"
        loading={query.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: [...expanded],
          onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
        }}
      />
      <DeptDialog target={target} onClose={() => setTarget(undefined)} />
    </Card>
  );
}
