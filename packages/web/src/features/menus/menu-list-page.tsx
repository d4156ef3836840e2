import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { DeleteRowAction, EditRowAction, RowAction } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { menuIcon } from '../../layout/menu-icon.tsx';
import { translateOr } from '../../lib/i18n.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { DictTag } from '../dicts/dict-tag.tsx';
import { MenuDialog, type MenuEditTarget } from './menu-dialog.tsx';
import { buildMenuTree, deleteMenu, listMenus, type MenuNode, menuKeys } from './menus.api.ts';

const FILTERS = ['menuName', 'status'] as const;
const PERMI_PREFIX = 'system:menu';

/** Menus as a tree table; the list endpoint is not paged. */
export default function MenuListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const [target, setTarget] = useState<MenuEditTarget | undefined>(undefined);
  const query = useQuery({ queryKey: menuKeys.list(list.filters), queryFn: () => listMenus(list.filters) });
  const tree = useMemo(() => buildMenuTree(query.data?.data ?? []), [query.data]);

  const remove = (menu: MenuNode) =>
    confirm({
      content: t('menu.confirm-delete', { name: translateOr(menu.menuNameI18nKey, menu.menuName) }),
      action: async () => {
        await deleteMenu(menu.menuId);
        await queryClient.invalidateQueries({ queryKey: menuKeys.all });
      },
    });

  const columns: TableColumnsType<MenuNode> = [
    { title: t('menu.name'), render: (_v, m) => translateOr(m.menuNameI18nKey, m.menuName), width: 220 },
    {
      title: t('menu.icon'),
      dataIndex: 'icon',
      width: 70,
      align: 'center',
      render: (icon: string | null) => (icon ? menuIcon(icon) : null),
    },
    { title: t('menu.order'), dataIndex: 'orderNum', width: 70 },
    { title: t('menu.perms'), dataIndex: 'perms', ellipsis: true },
    { title: t('menu.component'), dataIndex: 'component', ellipsis: true },
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
      render: (_v, menu) => (
        <Space size={0} wrap>
          <EditRowAction permiPrefix={PERMI_PREFIX} onClick={() => setTarget({ menuId: menu.menuId })} />
          {menu.menuType !== 'F' ? (
            <RowAction
              permi={['system:menu:add']}
              icon={<PlusOutlined />}
              onClick={() => setTarget({ parentId: menu.menuId })}
            >
              {t('menu.add-child')}
            </RowAction>
          ) : null}
          <DeleteRowAction permiPrefix={PERMI_PREFIX} onClick={() => remove(menu)} />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="menuName" label={t('menu.name')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={() => void query.refetch()}
        permiPrefix={PERMI_PREFIX}
        onAdd={() => setTarget({ parentId: 0 })}
      />
      <Table<MenuNode>
        rowKey="menuId"
        loading={query.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <MenuDialog target={target} onClose={() => setTarget(undefined)} />
    </Card>
  );
}
