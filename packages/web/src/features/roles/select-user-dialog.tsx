import type { User } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../../lib/person-name.ts';
import { DictTag } from '../dicts/index.ts';
import { assignUsers, listUnallocatedUsers, roleKeys } from './roles.api.ts';

interface SelectUserDialogProps {
  roleId: number;
  open: boolean;
  onClose: (isChanged: boolean) => void;
}

/** Users who do not hold the role yet; the chosen ones are granted it in one call. */
export function SelectUserDialog({ roleId, open, onClose }: SelectUserDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [userName, setUserName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [filters, setFilters] = useState({ userName: '', phoneNumber: '' });
  const [selected, setSelected] = useState<number[]>([]);
  const params = { roleId, ...filters, ...paging };
  const query = useQuery({
    queryKey: roleKeys.unallocated(params),
    queryFn: () => listUnallocatedUsers(params),
    enabled: open,
  });

  const submit = async () => {
    if (selected.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    try {
      await assignUsers(roleId, selected);
      message.success(t('save.success'));
      setSelected([]);
      onClose(true);
    } catch {
      // Reported by the HTTP layer.
    }
  };

  return (
    <Modal
      open={open}
      title={t('role.select-users')}
      width={{ xs: '100%', md: 800 }}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          style={{ width: 180 }}
          placeholder={t('account')}
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
        />
        <Input
          style={{ width: 180 }}
          placeholder={t('phone-number')}
          value={phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
        />
        <Button
          type="primary"
          onClick={() => {
            setFilters({ userName, phoneNumber });
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          {t('search')}
        </Button>
      </Flex>
      <Table<User>
        rowKey="userId"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        scroll={{ x: 'max-content', y: 320 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('account'), dataIndex: 'userName' },
          { title: t('nick-name'), render: (_v, u: User) => personName(u) },
          { title: t('phone-number'), dataIndex: 'phoneNumber' },
          { title: t('status'), render: (_v, u) => <DictTag type="sys_normal_disable" value={u.status} /> },
          { title: t('create-time'), dataIndex: 'createTime' },
        ]}
      />
    </Modal>
  );
}
