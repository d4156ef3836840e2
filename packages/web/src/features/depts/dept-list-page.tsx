import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../components/search-form.tsx';
import { TreeTablePage } from '../../components/tree-table-page.tsx';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { DeptDialog } from './dept-dialog.tsx';
import { buildDeptTree, deleteDept, deptKeys, deptLabel, listDepts } from './depts.api.ts';

const FILTERS = ['deptName', 'status'] as const;

/** Departments as a tree table (the list endpoint is not paged), opened all expanded. */
export default function DeptListPage() {
  const { t } = useTranslation();
  return (
    <TreeTablePage
      filters={FILTERS}
      search={
        <>
          <SearchInput name="deptName" label={t('dept.name')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      permiPrefix="system:dept"
      keys={deptKeys}
      list={listDepts}
      toTree={buildDeptTree}
      rowKey="deptId"
      columns={[
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
      ]}
      topParentId={(tree) => tree[0]?.deptId}
      // Disabled departments take no new children; the top one is never deleted.
      addChild={{ label: t('dept.add-child'), isShown: (d) => d.status === '0' }}
      canDelete={(d) => d.parentId !== 0}
      remove={{
        call: (d) => deleteDept(d.deptId),
        confirm: (d) => t('dept.confirm-delete', { name: deptLabel(d.deptName) }),
      }}
      expandToggle={{ expand: t('dept.expand-all'), collapse: t('dept.collapse-all') }}
      dialog={(target, close) => <DeptDialog target={target} onClose={close} />}
    />
  );
}
