import { DeleteOutlined } from '@ant-design/icons';
import { Button, Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberNameplate, type NameplatePerson } from '../../components/member-nameplate.tsx';

export interface ChosenMember {
  userId: number;
  person: NameplatePerson;
  roleIds: number[];
  /** The creator's row (myself) cannot be changed or removed. */
  isFixed: boolean;
}

interface ChosenMembersTableProps {
  members: ChosenMember[];
  allRoles: { value: number; label: string }[];
  assignableRoles: { value: number; label: string }[];
  onChange: (members: ChosenMember[]) => void;
}

/** The people a new project starts with, each with roles; a row without a role cannot be saved. */
export function ChosenMembersTable({
  members,
  allRoles,
  assignableRoles,
  onChange,
}: ChosenMembersTableProps) {
  const { t } = useTranslation();
  const setRoles = (userId: number, roleIds: number[]) =>
    onChange(members.map((m) => (m.userId === userId ? { ...m, roleIds } : m)));
  const remove = (userId: number) => onChange(members.filter((m) => m.userId !== userId));

  const columns: TableColumnsType<ChosenMember> = [
    { title: t('member.name'), key: 'member', render: (_v, m) => <MemberNameplate person={m.person} /> },
    {
      title: t('role'),
      key: 'roles',
      width: 280,
      render: (_v, m) => (
        <Select
          mode="multiple"
          value={m.roleIds}
          options={m.isFixed ? allRoles : assignableRoles}
          disabled={m.isFixed}
          status={m.roleIds.length === 0 ? 'error' : undefined}
          placeholder={t('member.role-required')}
          aria-label={t('role')}
          maxTagCount="responsive"
          style={{ width: 260 }}
          onChange={(ids: number[]) => setRoles(m.userId, ids)}
        />
      ),
    },
    {
      title: t('operate'),
      key: 'actions',
      width: 100,
      render: (_v, m) =>
        m.isFixed ? null : (
          <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(m.userId)}>
            {t('delete')}
          </Button>
        ),
    },
  ];

  return (
    <Table<ChosenMember>
      rowKey="userId"
      size="small"
      columns={columns}
      dataSource={members}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
