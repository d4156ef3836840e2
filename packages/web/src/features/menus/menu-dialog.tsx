import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ParentTreeField, type TreeEditTarget } from '../../components/tree-table-page.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { keyForName } from '../../lib/i18n.ts';
import { DictRadioGroup } from '../dicts/index.ts';
import {
  addMenu,
  getMenu,
  getMenuTree,
  type MenuBody,
  menuKeys,
  menuTreeOptions,
  updateMenu,
} from './menus.api.ts';

/** Add (optionally under a parent) or edit a menu; which fields apply depends on the menu type. */
export function MenuDialog({ target, onClose }: { target: TreeEditTarget | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const open = target !== undefined;
  const menuId = target?.id;
  const isCreate = menuId === undefined;
  const dialog = useFormDialog<MenuBody>({
    isOpen: open,
    isCreate,
    save: (values) => (isCreate ? addMenu : updateMenu)({ ...values, menuId }),
    invalidate: [menuKeys.all],
    onClose,
  });
  const { form } = dialog;
  const menuType = Form.useWatch('menuType', form);
  const tree = useQuery({ queryKey: menuKeys.tree, queryFn: getMenuTree, enabled: open });
  const detail = useQuery({
    queryKey: menuKeys.detail(menuId ?? 0),
    queryFn: () => getMenu(menuId ?? 0),
    enabled: open && !isCreate,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (isCreate) {
      form.setFieldsValue({
        parentId: target?.parentId ?? 0,
        menuType: 'M',
        orderNum: 0,
        isFrame: '1',
        isCache: '0',
        visible: '0',
        status: '0',
      });
    } else if (detail.data?.data) form.setFieldsValue(detail.data.data);
  }, [open, isCreate, target, detail.data, form]);

  const yesNo = [
    { value: '0', label: t('yes') },
    { value: '1', label: t('no') },
  ];
  const half = { xs: 24, md: 12 };
  const renamed = (name: string) => {
    const menu = detail.data?.data;
    if (!menu) return;
    const key = form.getFieldValue('menuNameI18nKey') as string | null | undefined;
    form.setFieldValue(
      'menuNameI18nKey',
      keyForName({ name: menu.menuName, key: menu.menuNameI18nKey }, name, key),
    );
  };

  return (
    <FormDialog dialog={dialog} name="menu-dialog" title={t(isCreate ? 'menu.add' : 'menu.edit')} width={680}>
      <Row gutter={16}>
        <Col xs={24}>
          <ParentTreeField
            label={t('menu.parent')}
            message={t('menu.parent-required')}
            treeData={[{ value: 0, title: t('menu.root'), children: menuTreeOptions(tree.data?.data ?? []) }]}
            treeDefaultExpandedKeys={[0]}
          />
        </Col>
        <Col xs={24}>
          <Form.Item name="menuType" label={t('menu.type')}>
            <Radio.Group
              options={[
                { value: 'M', label: t('menu.type-directory') },
                { value: 'C', label: t('menu.type-menu') },
                { value: 'F', label: t('menu.type-button') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="menuName"
            label={t('menu.name')}
            rules={[{ required: true, whitespace: true, message: t('menu.name-required') }]}
          >
            <Input maxLength={50} onChange={(e) => renamed(e.target.value)} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="menuNameI18nKey" label={t('menu.name-i18n-key')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="orderNum"
            label={t('menu.order')}
            rules={[{ required: true, message: t('menu.order-required') }]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {menuType !== 'F' ? (
          <>
            <Col {...half}>
              <Form.Item name="icon" label={t('menu.icon')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="isFrame" label={t('menu.is-frame')}>
                <Radio.Group options={yesNo} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="path"
                label={t('menu.path')}
                rules={[{ required: true, whitespace: true, message: t('menu.path-required') }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </>
        ) : null}
        {menuType === 'C' ? (
          <>
            <Col {...half}>
              <Form.Item name="component" label={t('menu.component')}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="query" label={t('menu.query')}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="isCache" label={t('menu.is-cache')}>
                <Radio.Group options={yesNo} />
              </Form.Item>
            </Col>
          </>
        ) : null}
        {menuType !== 'M' ? (
          <Col {...half}>
            <Form.Item name="perms" label={t('menu.perms')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        ) : null}
        {menuType !== 'F' ? (
          <Col {...half}>
            <Form.Item name="visible" label={t('menu.visible')}>
              <DictRadioGroup type="sys_show_hide" />
            </Form.Item>
          </Col>
        ) : null}
        <Col {...half}>
          <Form.Item name="status" label={t('status')}>
            <DictRadioGroup type="sys_normal_disable" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
