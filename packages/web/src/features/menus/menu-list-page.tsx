import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { menuIcon } from '../../layout/menu-icon.tsx';
import { translateOr } from '../../lib/i18n.ts';
import { DictTag } from '../dicts/dict-tag.tsx';
import { useDict } from '../dicts/use-dict.ts';
import { MenuDialog, type MenuEditTarget } from './menu-dialog.tsx';
import { buildMenuTree, deleteMenu, listMenus, type MenuNode, menuKeys } from './menus.api.ts';

const FILTERS = ['menuName', 'status'] as const;

/** Menus as a tree table; the list endpoint is not paged. */
export default function MenuListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const statusDict = useDict('sys_normal_disable');
  const [target, setTarget] = useState<MenuEditTarget | undefined>(undefined);
  const [isSearchShown, setSearchShown] = useState(true);
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
          <Auth permi={['system:menu:edit']}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setTarget({ menuId: menu.menuId })}
            >
              {t('modify')}
            </Button>
          </Auth>
          {menu.menuType !== 'F' ? (
            <Auth permi={['system:menu:add']}>
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setTarget({ parentId: menu.menuId })}
              >
                {t('menu.add-child')}
              </Button>
            </Auth>
          ) : null}
          <Auth permi={['system:menu:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(menu)}>
              {t('delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="menuName" label={t('menu.name')}>
            <Input allowClear placeholder={t('menu.name')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={statusDict.options}
              placeholder={t('status')}
            />
          </Form.Item>
        </SearchForm>
      ) : null}
      <ListToolbar
        onRefresh={() => void query.refetch()}
        isSearchShown={isSearchShown}
        onToggleSearch={() => setSearchShown((v) => !v)}
      >
        <Auth permi={['system:menu:add']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ parentId: 0 })}>
            {t('add')}
          </Button>
        </Auth>
      </ListToolbar>
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
