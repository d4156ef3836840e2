import type { Member, TableData } from '@buglet/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../hooks/use-list-params.ts';
import { usePagedTable } from '../hooks/use-selectable-table.ts';
import type { QueryObject } from '../lib/query-string.ts';
import { DebouncedSearch } from './debounced-search.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { MemberNameplate } from './member-nameplate.tsx';
import { PageHeaderBar } from './page-header-bar.tsx';
import { RoleMultiSelect } from './role-multi-select.tsx';

const FILTERS = ['search'] as const;
type RoleOptions = { value: number; label: string }[];

export const isLockedMember = (member: Member) => member.status === '1';

export interface MembersCardProps {
  title: string;
  searchPlaceholder: string;
  /** The members' cache key (`query` is the page and the search), and its prefix, to reload all pages. */
  queryKey: (query: QueryObject) => QueryKey;
  reloadKey: QueryKey;
  fetch: (query: QueryObject) => Promise<TableData<Member>>;
  /** False while there is no team or project to list. */
  isEnabled: boolean;
  /** The roles a member's select offers (a creator's own role is only shown, never offered). */
  roleOptions: (member: Member) => RoleOptions;
  /** Whose roles may not be changed here (the creator, a locked member, a read-only project). */
  isRoleFixed: (member: Member) => boolean;
  saveRoles: (member: Member, roleIds: number[]) => Promise<unknown>;
  /**
   * The row's action (lock, remove), or nothing. After it, `reload` reads the list again; `saved`
   * also says the change was made.
   */
  rowAction: (
    member: Member,
    after: { reload: () => Promise<void>; saved: () => Promise<void> },
  ) => ReactNode;
  actionWidth: number;
  /** The toolbar's buttons after the search (invite, create, add). */
  actions: ReactNode;
  /** The dialogs the actions open. */
  children?: ReactNode;
}

/**
 * The members of a team or of a project, one shape for both: who they are, their roles (changed in
 * the row), their e-mail, phone and registration, an action per row, a search and the page's own
 * buttons. A role change, refused or not, reads the list again, so the row shows what the server kept.
 */
export function MembersCard(props: MembersCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const query = useQuery({
    queryKey: props.queryKey(list.query),
    queryFn: () =>
      props.fetch({
        pageNum: list.pageNum,
        pageSize: list.pageSize,
        params: { search: list.filters.search },
      }),
    enabled: props.isEnabled,
  });
  const table = usePagedTable(query, list, 'userId');
  const reload = () => queryClient.invalidateQueries({ queryKey: props.reloadKey });
  const saved = () => {
    message.success(t('modify-success'));
    return reload();
  };
  const changeRoles = (member: Member, roleIds: number[]) =>
    void props
      .saveRoles(member, roleIds)
      .then(() => message.success(t('modify-success')))
      .catch(() => {})
      .finally(() => void reload());

  const columns: TableColumnsType<Member> = [
    {
      title: t('member.name'),
      key: 'member',
      render: (_v, member) => <MemberNameplate person={member} isMuted={isLockedMember(member)} />,
    },
    {
      title: t('role'),
      key: 'roles',
      width: 250,
      render: (_v, member) => (
        <RoleMultiSelect
          value={member.roleIds}
          options={props.roleOptions(member)}
          disabled={props.isRoleFixed(member)}
          onChange={(ids) => changeRoles(member, ids)}
        />
      ),
    },
    {
      title: t('email'),
      dataIndex: 'email',
      width: 200,
      ellipsis: true,
      render: (email: string | null, member) => (
        <Typography.Text type={isLockedMember(member) ? 'secondary' : undefined}>{email}</Typography.Text>
      ),
    },
    { title: t('phone-number'), dataIndex: 'phoneNumber', width: 150 },
    { title: t('member.register-time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('operate'),
      key: 'actions',
      width: props.actionWidth,
      fixed: 'right',
      render: (_v, member) => props.rowAction(member, { reload, saved }),
    },
  ];

  return (
    <Card>
      <PageHeaderBar title={props.title} />
      <ListToolbar onRefresh={() => void query.refetch()}>
        <DebouncedSearch
          value={list.filters.search ?? ''}
          placeholder={props.searchPlaceholder}
          onSearch={(search) => list.search({ search })}
        />
        {props.actions}
      </ListToolbar>
      <Table<Member> {...table} columns={columns} />
      {props.children}
    </Card>
  );
}
