import type { LockedProjectRow } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { LockButton, LockDialog, LockTag } from '../../components/lock-dialog.tsx';
import { SearchInput, SearchSelect } from '../../components/search-form.tsx';
import { listAllProjects, lockProject, projectKeys } from './projects.api.ts';

const FILTERS = ['projectName', 'teamName', 'isLock'] as const;

/**
 * Every project of the platform, for its administrator (1.0's /admin/project): find one by its
 * name, its team's, or whether it is locked, and lock or unlock it with a reason its members read.
 */
export default function ProjectAdminListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [locking, setLocking] = useState<LockedProjectRow | undefined>();
  return (
    <>
      <AdminListPage<LockedProjectRow, (typeof FILTERS)[number]>
        filters={FILTERS}
        rowKey="projectId"
        permiPrefix="admin:project"
        keys={{ all: projectKeys.all, list: projectKeys.adminList }}
        list={listAllProjects}
        search={
          <>
            <SearchInput name="projectName" label={t('project.name')} />
            <SearchInput name="teamName" label={t('team.name')} />
            <SearchSelect
              name="isLock"
              label={t('lock.state')}
              options={[
                { value: '1', label: t('lock.state.locked') },
                { value: '0', label: t('lock.state.open') },
              ]}
            />
          </>
        }
        columns={() => [
          { title: t('id'), dataIndex: 'projectId', width: 80 },
          { title: t('project.name'), dataIndex: 'projectName', ellipsis: true },
          { title: t('team.name'), dataIndex: 'teamName', ellipsis: true },
          {
            title: t('lock.state'),
            dataIndex: 'isLock',
            width: 100,
            render: (_v, row) => <LockTag target={row} />,
          },
          { title: t('project.member-count'), dataIndex: 'memberCount', width: 90, responsive: ['md'] },
          {
            title: t('project.create-by'),
            dataIndex: 'createBy',
            width: 130,
            ellipsis: true,
            responsive: ['lg'],
          },
          { title: t('create-time'), dataIndex: 'createTime', width: 170, responsive: ['xl'] },
          {
            title: t('operate'),
            fixed: 'right',
            width: 110,
            render: (_v, row) => (
              <LockButton isLock={row.isLock} permi="admin:project:lock" onClick={() => setLocking(row)} />
            ),
          },
        ]}
        canAdd={false}
      />
      <LockDialog
        target={
          locking && { name: locking.projectName, isLock: locking.isLock, lockRemark: locking.lockRemark }
        }
        onClose={() => setLocking(undefined)}
        onSubmit={async (isLock, remark) => {
          if (!locking) return;
          await lockProject(locking.projectId, isLock, remark);
          await queryClient.invalidateQueries({ queryKey: projectKeys.all });
        }}
      />
    </>
  );
}
