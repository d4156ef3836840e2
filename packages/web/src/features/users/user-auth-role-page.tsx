import type { RoleSummary } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { translateOr } from '../../lib/i18n.ts';
import { personName } from '../../lib/person-name.ts';
import { getAuthRole, updateAuthRole, userKeys } from './users.api.ts';

/** Assign roles to one user: the roles the user already holds arrive pre-checked (flag). */
export default function UserAuthRolePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = Number(useParams().userId);
  const query = useQuery({ queryKey: userKeys.authRole(userId), queryFn: () => getAuthRole(userId) });
  const [selected, setSelected] = useState<number[]>([]);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    setSelected((query.data?.roles ?? []).filter((r) => r.flag).map((r) => r.roleId));
  }, [query.data]);

  const save = async () => {
    setSaving(true);
    try {
      await updateAuthRole(userId, selected);
      message.success(t('save.success'));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      navigate(-1);
    } catch {
      // Reported by the HTTP layer.
    } finally {
      setSaving(false);
    }
  };

  const user = query.data?.user;
  return (
    <Card title={t('user.assign-roles')}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'nick', label: t('nick-name'), children: user ? personName(user) : null },
          { key: 'account', label: t('account'), children: user?.userName },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Table<RoleSummary>
        rowKey="roleId"
        loading={query.isFetching}
        dataSource={query.data?.roles ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: t('id'), dataIndex: 'roleId', width: 80 },
          { title: t('role.name'), render: (_v, r) => translateOr(r.roleNameI18nKey, r.roleName) },
          { title: t('role.key'), dataIndex: 'roleKey' },
        ]}
      />
      <Flex justify="center" gap={8} style={{ marginTop: 16 }}>
        <Button type="primary" loading={isSaving} onClick={() => void save()}>
          {t('submit')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('back')}</Button>
      </Flex>
    </Card>
  );
}
