import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Team } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { LockButton, LockDialog, LockTag } from '../../components/lock-dialog.tsx';
import { usePasswordConfirm } from '../../components/password-confirm-dialog.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { TeamFields } from './team-fields.tsx';
import { deleteTeams, listTeams, lockTeam, type TeamBody, teamKeys, updateTeam } from './teams.api.ts';

const FILTERS = ['teamName'] as const;

function TeamAdminDialog({ target, onClose }: { target: EditTarget<Team>; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useFormDialog<TeamBody>({
    isOpen: target !== undefined,
    isCreate: false,
    initialValues: target
      ? { teamName: target.teamName, teamIcon: target.teamIcon ?? '', introduce: target.introduce }
      : {},
    save: (values) => updateTeam({ ...values, teamId: target?.teamId }),
    invalidate: [teamKeys.all],
    onClose,
  });
  return (
    <FormDialog dialog={dialog} name="team-admin-dialog" title={t('team.base-info')} width={500}>
      <TeamFields />
    </FormDialog>
  );
}

/**
 * Every team of the platform, for its administrator (the original's /system/team): search by
 * name, edit name, icon and introduction, delete one or several (with the administrator's
 * password, as deleting a team asks everywhere), export the filtered list.
 */
export default function TeamAdminListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const password = usePasswordConfirm();
  const [locking, setLocking] = useState<Team | undefined>();

  const askDelete = (ids: number[], clear?: () => void) =>
    ids.length > 0 &&
    password.ask({
      title: t('team.delete'),
      content: t('team.admin.confirm-delete', { ids: ids.join(', ') }),
      action: async (value) => {
        await deleteTeams(ids, value);
        clear?.();
        await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      },
    });

  return (
    <>
      <AdminListPage<Team, (typeof FILTERS)[number]>
        filters={FILTERS}
        rowKey="teamId"
        permiPrefix="system:team"
        keys={{ all: teamKeys.all, list: teamKeys.adminList }}
        list={listTeams}
        exportTo={{ url: '/system/team/export', fileName: `team_${Date.now()}.xlsx` }}
        search={<SearchInput name="teamName" label={t('team.name')} />}
        columns={(list) => [
          { title: t('id'), dataIndex: 'teamId', width: 80 },
          {
            title: t('team.icon'),
            dataIndex: 'teamIcon',
            width: 80,
            render: (icon: string | null) =>
              icon ? <img src={icon} alt="" width={40} height={40} style={{ objectFit: 'cover' }} /> : null,
          },
          { title: t('team.name'), dataIndex: 'teamName', ellipsis: true },
          {
            title: t('lock.state'),
            dataIndex: 'isLock',
            width: 90,
            render: (_v, row) => <LockTag target={row} />,
          },
          { title: t('team.create-by'), dataIndex: 'createBy', width: 140, ellipsis: true },
          { title: t('create-time'), dataIndex: 'createTime', width: 170, responsive: ['lg'] },
          { title: t('update-time'), dataIndex: 'updateTime', width: 170, responsive: ['xl'] },
          {
            title: t('team.introduce'),
            dataIndex: 'introduce',
            ellipsis: true,
            responsive: ['lg'],
            render: (text: string | null) => <Typography.Text type="secondary">{text}</Typography.Text>,
          },
          {
            title: t('operate'),
            fixed: 'right',
            render: (_v, row) =>
              list.rowActions(
                row,
                <>
                  <LockButton isLock={row.isLock} permi="admin:team:lock" onClick={() => setLocking(row)} />
                  <PermiButton
                    permi={['system:team:remove']}
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => askDelete([row.teamId])}
                  >
                    {t('delete')}
                  </PermiButton>
                </>,
              ),
          },
        ]}
        toolbar={(list) => (
          <>
            <PermiButton
              permi={['system:team:add']}
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => navigate('/system/team/add-member')}
            >
              {t('team.create')}
            </PermiButton>
            <PermiButton
              permi={['system:team:remove']}
              danger
              icon={<DeleteOutlined />}
              disabled={list.selectedIds.length === 0}
              onClick={() => askDelete(list.selectedIds, list.refetch)}
            >
              {t('delete')}
            </PermiButton>
          </>
        )}
        dialog={(list) => <TeamAdminDialog target={list.target} onClose={list.closeDialog} />}
        canAdd={false}
      />
      {password.dialog}
      <LockDialog
        target={locking && { name: locking.teamName, isLock: locking.isLock, lockRemark: locking.lockRemark }}
        onClose={() => setLocking(undefined)}
        onSubmit={async (isLock, remark) => {
          if (!locking) return;
          await lockTeam(locking.teamId, isLock, remark);
          await queryClient.invalidateQueries({ queryKey: teamKeys.all });
        }}
      />
    </>
  );
}
