import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../components/search-form.tsx';
import { TreeTablePage } from '../../components/tree-table-page.tsx';
import { menuIcon } from '../../layout/menu-icon.tsx';
import { translateOr } from '../../lib/i18n.ts';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { MenuDialog } from './menu-dialog.tsx';
import { buildMenuTree, deleteMenu, listMenus, menuKeys } from './menus.api.ts';

const FILTERS = ['menuName', 'status'] as const;

/** Menus as a tree table; the list endpoint is not paged. */
export default function MenuListPage() {
  const { t } = useTranslation();
  return (
    <TreeTablePage
      filters={FILTERS}
      search={
        <>
          <SearchInput name="menuName" label={t('menu.name')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      permiPrefix="system:menu"
      keys={menuKeys}
      list={listMenus}
      toTree={buildMenuTree}
      rowKey="menuId"
      columns={[
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
      ]}
      topParentId={() => 0}
      // Buttons are leaves.
      addChild={{ label: t('menu.add-child'), isShown: (m) => m.menuType !== 'F' }}
      remove={{
        call: (m) => deleteMenu(m.menuId),
        confirm: (m) => t('menu.confirm-delete', { name: translateOr(m.menuNameI18nKey, m.menuName) }),
      }}
      dialog={(target, close) => <MenuDialog target={target} onClose={close} />}
    />
  );
}
