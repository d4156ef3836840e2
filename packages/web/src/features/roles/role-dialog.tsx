import { ACCOUNT_POWER_MENU_IDS } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { keyForName } from '../../lib/i18n.ts';
import { DictRadioGroup } from '../dicts/index.ts';
import { leafChecked, type MenuSelection, MenuTreeField } from './menu-tree-field.tsx';
import { addRole, getRole, getRoleMenuTree, type RoleBody, roleKeys, updateRole } from './roles.api.ts';

type Category = 'none' | 'team' | 'project';
type RoleFormValues = Omit<RoleBody, 'isTeamRole' | 'isProjectRole' | 'menuIds'> & { category: Category };

interface RoleDialogProps {
  roleId: EditTarget<number>;
  onClose: () => void;
}

export function RoleDialog({ roleId, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const open = roleId !== undefined;
  const isCreate = roleId === null;
  const [selection, setSelection] = useState<MenuSelection>({ checked: [], halfChecked: [] });
  const dialog = useFormDialog<RoleFormValues>({
    isOpen: open,
    isCreate,
    save: ({ category, ...values }) =>
      (isCreate ? addRole : updateRole)({
        ...values,
        roleId: roleId ?? undefined,
        isTeamRole: category === 'team',
        isProjectRole: category === 'project',
        menuIds: [...selection.checked, ...selection.halfChecked],
      }),
    invalidate: [roleKeys.all],
    onClose,
  });
  const { form } = dialog;
  const category = Form.useWatch('category', form);
  // A platform role counts everywhere: one with user administration can take over accounts.
  const givesAccountPower =
    category === 'none' && selection.checked.some((id) => ACCOUNT_POWER_MENU_IDS.includes(id));

  const tree = useQuery({
    queryKey: roleKeys.menuTree(roleId ?? undefined),
    queryFn: () => getRoleMenuTree(roleId ?? undefined),
    enabled: open,
    staleTime: 0,
  });
  const detail = useQuery({
    queryKey: roleKeys.detail(roleId ?? 0),
    queryFn: () => getRole(roleId ?? 0),
    enabled: open && !isCreate,
    staleTime: 0,
  });

  useEffect(() => {
    if (tree.data)
      setSelection({ checked: leafChecked(tree.data.menus, tree.data.checkedKeys), halfChecked: [] });
  }, [tree.data]);

  useEffect(() => {
    if (!open) return;
    const role = detail.data?.data;
    if (isCreate) form.setFieldsValue({ roleSort: 0, status: '0', category: 'none' });
    else if (role) {
      form.setFieldsValue({
        ...role,
        category: role.isTeamRole ? 'team' : role.isProjectRole ? 'project' : 'none',
      });
    }
  }, [open, isCreate, detail.data, form]);

  const renamed = (name: string) => {
    const role = detail.data?.data;
    if (!role) return;
    const key = form.getFieldValue('roleNameI18nKey') as string | null | undefined;
    form.setFieldValue(
      'roleNameI18nKey',
      keyForName({ name: role.roleName, key: role.roleNameI18nKey }, name, key),
    );
  };

  return (
    <FormDialog dialog={dialog} name="role-dialog" title={t(isCreate ? 'role.add' : 'role.edit')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleName"
            label={t('role.name')}
            rules={[{ required: true, whitespace: true, message: t('role.name-required') }]}
          >
            <Input maxLength={30} onChange={(e) => renamed(e.target.value)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roleNameI18nKey" label={t('role.name-i18n-key')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleKey"
            label={t('role.key')}
            rules={[{ required: true, whitespace: true, message: t('role.key-required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleSort"
            label={t('role.sort')}
            rules={[{ required: true, message: t('role.sort-required') }]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('role.category')}>
            <Radio.Group
              options={[
                { value: 'none', label: t('role.category-none') },
                { value: 'team', label: t('role.category-team') },
                { value: 'project', label: t('role.category-project') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <DictRadioGroup type="sys_normal_disable" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          {givesAccountPower ? (
            <Alert
              type="warning"
              showIcon
              data-testid="role-account-power"
              style={{ marginBottom: 12 }}
              title={t('role.account-power-warning')}
            />
          ) : null}
          <Form.Item label={t('role.menu-permissions')}>
            <MenuTreeField menus={tree.data?.menus ?? []} value={selection} onChange={setSelection} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
