import type { Defect } from '@buglet/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactPagination } from '../../lib/compact-pagination.ts';
import {
  DefectFormDrawer,
  DefectStateTag,
  DefectViewDrawer,
  type FormTarget,
  useLevelText,
  useProjectMembers,
} from '../defects/index.ts';
import { listPlanDefects, planKeys } from './plans.api.ts';

const PAGE_SIZE = 10;

/**
 * The defects found while running a plan (those linked to its items), beside the run: each opens
 * in the defect drawer, where it can be worked on as on the defect page.
 */
export function PlanDefects({ planId, projectId }: { planId: string; projectId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const levelText = useLevelText();
  const [pageNum, setPageNum] = useState(1);
  const [openId, setOpenId] = useState<number>();
  const [editing, setEditing] = useState<FormTarget>();
  const { members } = useProjectMembers(editing ? projectId : 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: planKeys.all });
  const query = { pageNum, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: [...planKeys.detail(planId), 'defects', query],
    queryFn: () => listPlanDefects(planId, query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Table<Defect>
        size="small"
        rowKey="defectId"
        data-testid="plan-defects"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        onRow={(row) => ({ onClick: () => setOpenId(row.defectId), style: { cursor: 'pointer' } })}
        columns={[
          { title: '#', dataIndex: 'projectNum', width: 70 },
          { title: t('plan.defect.name'), dataIndex: 'defectName', ellipsis: true },
          {
            title: t('plan.item.state'),
            width: 100,
            render: (_, d) => <DefectStateTag state={d.defectState} />,
          },
          { title: t('plan.defect.level'), width: 80, render: (_, d) => levelText(d.defectLevel) },
        ]}
        pagination={compactPagination(pageNum, PAGE_SIZE, list.data?.total, setPageNum)}
      />
      <DefectViewDrawer
        defectId={openId}
        onClose={() => setOpenId(undefined)}
        onEdit={(defect) => setEditing({ defect })}
        onChanged={refresh}
      />
      <DefectFormDrawer
        projectId={projectId}
        members={members}
        target={editing}
        onClose={() => setEditing(undefined)}
        onSaved={async () => {
          setEditing(undefined);
          await refresh();
        }}
      />
    </>
  );
}
