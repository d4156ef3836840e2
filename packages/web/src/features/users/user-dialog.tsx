import { LIMITS } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountRules, useEmailRules, usePhoneRules } from '../../components/contact-rules.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { usePasswordHint, usePasswordRules } from '../../components/password-fields.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { translateOr } from '../../lib/i18n.ts';
import { deptKeys, getDeptTree, treeSelectOptions } from '../depts/index.ts';
import { DictRadioGroup, useDict } from '../dicts/index.ts';
import { postLabel } from '../posts/index.ts';
import { addUser, getUserForm, type UserBody, updateUser, userKeys } from './users.api.ts';

interface UserDialogProps {
  userId: EditTarget<number>;
  onClose: () => void;
}

export function UserDialog({ userId, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const isCreate = userId === null;
  const open = userId !== undefined;
  const sexDict = useDict('sys_user_sex');
  const passwordRules = usePasswordRules();
  const passwordHint = usePasswordHint();
  const accountRules = useAccountRules();
  const phoneRules = usePhoneRules();
  const emailRules = useEmailRules();
  const dialog = useFormDialog<UserBody>({
    isOpen: open,
    isCreate,
    // A cleared department is sent as the original's 0 (none), not left out (which keeps it).
    save: (values) =>
      (isCreate ? addUser : updateUser)({
        ...values,
        deptId: values.deptId ?? 0,
        userId: userId ?? undefined,
      }),
    invalidate: [userKeys.all],
    onClose,
  });
  const { form } = dialog;

  const formQuery = useQuery({
    queryKey: userKeys.form(userId ?? undefined),
    queryFn: () => getUserForm(userId ?? undefined),
    enabled: open,
    staleTime: 0,
  });
  const deptTree = useQuery({ queryKey: deptKeys.tree, queryFn: getDeptTree, enabled: open });
  const deptOptions = useMemo(() => treeSelectOptions(deptTree.data?.data ?? []), [deptTree.data]);

  useEffect(() => {
    if (!open || !formQuery.data) return;
    const user = formQuery.data.data;
    form.setFieldsValue(
      user
        ? {
            userId: user.userId,
            nickName: user.nickName,
            phoneNumber: user.phoneNumber ?? '',
            email: user.email ?? '',
            sex: user.sex ?? '0',
            status: user.status,
            remark: user.remark ?? '',
            roleIds: formQuery.data.roleIds ?? [],
            deptId: user.deptId || undefined,
            postIds: formQuery.data.postIds ?? [],
          }
        : { sex: '0', status: '0', roleIds: [], postIds: [] },
    );
  }, [open, formQuery.data, form]);

  const roleOptions = (formQuery.data?.roles ?? []).map((r) => ({
    value: r.roleId,
    label: translateOr(r.roleNameI18nKey, r.roleName),
    disabled: r.status === '1',
  }));
  const postOptions = (formQuery.data?.posts ?? []).map((p) => ({
    value: p.postId,
    label: postLabel(p),
    disabled: p.status === '1',
  }));

  return (
    <FormDialog dialog={dialog} name="user-dialog" title={t(isCreate ? 'user.add' : 'user.edit')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="nickName"
            label={t('nick-name')}
            rules={[
              { required: true, whitespace: true, message: t('nick-name-required') },
              { max: LIMITS.nickName.max, message: t('nick-name-size-exception') },
            ]}
          >
            <Input maxLength={LIMITS.nickName.max} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deptId" label={t('dept.user')}>
            <TreeSelect
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={deptOptions}
              treeDefaultExpandAll
              placeholder={t('select')}
            />
          </Form.Item>
        </Col>
        {isCreate ? (
          <Col xs={24} md={12}>
            <Form.Item name="userName" label={t('account')} rules={accountRules}>
              <Input maxLength={LIMITS.account.max} autoComplete="off" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="phoneNumber" label={t('phone-number')} rules={phoneRules}>
            <Input maxLength={LIMITS.phone.max} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('email')} rules={emailRules}>
            <Input maxLength={LIMITS.email.max} />
          </Form.Item>
        </Col>
        {isCreate ? (
          <Col xs={24} md={12}>
            <Form.Item name="password" label={t('password')} rules={passwordRules} extra={passwordHint}>
              <Input.Password maxLength={LIMITS.password.max} autoComplete="new-password" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="sex" label={t('sex')}>
            <Select options={sexDict.options} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <DictRadioGroup type="sys_normal_disable" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="postIds" label={t('user.posts')}>
            <Select mode="multiple" options={postOptions} placeholder={t('select')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="roleIds" label={t('role')}>
            <Select mode="multiple" options={roleOptions} placeholder={t('select')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
