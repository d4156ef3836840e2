import { PlusOutlined } from '@ant-design/icons';
import type { Defect } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { useSession } from '../../stores/session.store.ts';
import { useCurrentProject } from '../projects/use-current-project.ts';
import { DEFECT_FILTERS, DefectFilterBar, type DefectFilters } from './defect-filters.tsx';
import { DefectFormDrawer, type FormTarget } from './defect-form-drawer.tsx';
import { DefectStateTag, DefectTypeTag, FollowStar, useLevelText } from './defect-tags.tsx';
import { DefectViewDrawer } from './defect-view-drawer.tsx';
import { collectDefect, defectKeys, listDefects } from './defects.api.ts';
import { HandlerAvatars } from './handler-avatars.tsx';
import { useProjectMembers } from './use-project-members.ts';

/** Table column keys the server sorts by (orderByColumn). */
const SORTABLE: Record<string, string> = {
  projectNum: 'projectNum',
  defectState: 'defectState',
  defectLevel: 'defectLevel',
  updateTime: 'updateTime',
};

function toQuery(projectId: number, f: DefectFilters, userId: number | undefined): QueryObject {
  return {
    projectId,
    orderByColumn: f.sort ?? 'updateTime',
    isAsc: f.order ?? 'desc',
    defectType: f.type,
    defectLevel: f.level,
    handleBy: f.handler,
    defectName: f.name,
    params: {
      defectStates: f.states,
      userId: f.mine === '1' ? userId : undefined,
      collect: f.followed === '1' ? 1 : undefined,
    },
  };
}

/** The current project's defects: filters and sort in the URL, a drawer to view, one to create or edit. */
export default function DefectListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const levelText = useLevelText();
  const userId = useSession((s) => s.user?.userId);
  const { projectId } = useCurrentProject();
  const { members } = useProjectMembers(projectId);
  const list = useListParams(DEFECT_FILTERS);
  const [searchParams] = useSearchParams();
  // ?defectId= (from notices and shared links) opens that defect straight away.
  const [viewId, setViewId] = useState<number | undefined>(
    () => Number(searchParams.get('defectId')) || undefined,
  );
  const [formTarget, setFormTarget] = useState<FormTarget | undefined>();
  const listQuery = {
    ...toQuery(projectId, list.filters, userId),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  };
  const query = useQuery({
    queryKey: defectKeys.list(listQuery),
    queryFn: () => listDefects(listQuery),
    enabled: projectId > 0,
  });
  const table = usePagedTable(query, list, 'defectId');
  const reload = () => queryClient.invalidateQueries({ queryKey: defectKeys.all });
  const toggleFollow = (defect: Defect) =>
    void collectDefect(defect.defectId, !defect.collect)
      .then(reload)
      .catch(() => {});

  const sortOrder = (key: string) =>
    (list.filters.sort ?? 'updateTime') === key
      ? list.filters.order === 'asc'
        ? 'ascend'
        : 'descend'
      : null;
  // Paging is handled by the pager itself; this only turns a header click into the URL's sort.
  const onTableChange: TableProps<Defect>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = one?.order ? SORTABLE[String(one.columnKey)] : undefined;
    const next = {
      ...list.filters,
      sort: column ?? '',
      order: column && one?.order === 'ascend' ? 'asc' : '',
    };
    if (next.sort !== (list.filters.sort ?? '') || next.order !== (list.filters.order ?? ''))
      list.search(next);
  };

  const columns: TableColumnsType<Defect> = [
    {
      title: t('id'),
      key: 'projectNum',
      dataIndex: 'projectNum',
      width: 80,
      sorter: true,
      sortOrder: sortOrder('projectNum'),
      render: (n: number) => `#${n}`,
    },
    {
      title: t('defect.type'),
      dataIndex: 'defectType',
      width: 110,
      render: (type: string) => <DefectTypeTag type={type} />,
    },
    {
      title: t('defect.title'),
      dataIndex: 'defectName',
      width: 320,
      render: (name: string, defect) => (
        <Typography.Link onClick={() => setViewId(defect.defectId)} ellipsis style={{ maxWidth: 300 }}>
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('defect.state'),
      key: 'defectState',
      dataIndex: 'defectState',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('defectState'),
      render: (s: number) => <DefectStateTag state={s} />,
    },
    {
      title: t('defect.level'),
      key: 'defectLevel',
      dataIndex: 'defectLevel',
      width: 90,
      sorter: true,
      sortOrder: sortOrder('defectLevel'),
      render: levelText,
    },
    {
      title: t('defect.handlers'),
      key: 'handlers',
      width: 140,
      render: (_v, d) => <HandlerAvatars people={d.handleByList} />,
    },
    { title: t('defect.version'), dataIndex: 'moduleVersion', width: 110, ellipsis: true },
    {
      title: t('update-time'),
      key: 'updateTime',
      dataIndex: 'updateTime',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('updateTime'),
    },
    {
      title: t('defect.follow'),
      key: 'collect',
      width: 70,
      render: (_v, d) => <FollowStar isOn={d.collect} onToggle={() => toggleFollow(d)} />,
    },
  ];

  return (
    <Card>
      <DefectFilterBar filters={list.filters} members={members} onChange={list.search} />
      <ListToolbar onRefresh={() => void query.refetch()}>
        <PermiButton
          permi={['system:defect:add']}
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setFormTarget({})}
        >
          {t('defect.create')}
        </PermiButton>
      </ListToolbar>
      <Table<Defect> {...table} columns={columns} onChange={onTableChange} />
      <DefectViewDrawer
        defectId={viewId}
        onClose={() => setViewId(undefined)}
        onEdit={(defect) => setFormTarget({ defect })}
        onChanged={reload}
      />
      <DefectFormDrawer
        projectId={projectId}
        members={members}
        target={formTarget}
        onClose={() => setFormTarget(undefined)}
        onSaved={(defectId) => {
          setFormTarget(undefined);
          void reload();
          setViewId(defectId);
        }}
      />
    </Card>
  );
}
