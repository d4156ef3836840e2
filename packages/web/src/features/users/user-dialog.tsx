import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { usePasswordRules } from '../../components/password-fields.tsx';
import { translateOr } from '../../lib/i18n.ts';
import { useDict } from '../dicts/use-dict.ts';
import { addUser, getUserForm, type UserBody, updateUser, userKeys } from './users.api.ts';

interface UserDialogProps {
  /** undefined: closed; null: create; a number: edit that user. */
  userId: number | null | undefined;
  onClose: () => void;
}

export function UserDialog({ userId, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserBody>();
  const isCreate = userId === null;
  const open = userId !== undefined;
  const sexDict = useDict('sys_user_sex');
  const statusDict = useDict('sys_normal_disable');
  const passwordRules = usePasswordRules();

  const formQuery = useQuery({
    queryKey: userKeys.form(userId ?? undefined),
    queryFn: () => getUserForm(userId ?? undefined),
    enabled: open,
    staleTime: 0,
  });

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
          }
        : { sex: '0', status: '0', roleIds: [] },
    );
  }, [open, formQuery.data, form]);

  const mutation = useMutation({
    mutationFn: (body: UserBody) => (isCreate ? addUser(body) : updateUser(body)),
    onSuccess: () => {
      message.success(t(isCreate ? 'add-success' : 'modify-success'));
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      onClose();
    },
  });

  const submit = () =>
    form
      .validateFields()
      .then((values) => mutation.mutate({ ...values, userId: userId ?? undefined }))
      .catch(() => {});

  const roleOptions = (formQuery.data?.roles ?? []).map((r) => ({
    value: r.roleId,
    label: translateOr(r.roleNameI18nKey, r.roleName),
    disabled: r.status === '1',
  }));

  return (
    <FormModal
      open={open}
      title={t(isCreate ? 'user.add' : 'user.edit')}
      isSaving={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false}>
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
          {isCreate ? (
            <Col xs={24} md={12}>
              <Form.Item
                name="userName"
                label={t('account')}
                rules={[
                  { required: true, whitespace: true, message: t('please-enter-your-account') },
                  {
                    min: LIMITS.account.min,
                    max: LIMITS.account.max,
                    message: t('account-size-exception', {
                      min: LIMITS.account.min,
                      max: LIMITS.account.max,
                    }),
                  },
                ]}
              >
                <Input maxLength={LIMITS.account.max} autoComplete="off" />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item
              name="phoneNumber"
              label={t('phone-number')}
              rules={[
                { required: true, whitespace: true, message: t('please-enter-phone') },
                {
                  min: LIMITS.phone.min,
                  max: LIMITS.phone.max,
                  message: t('phone-size-exception', { min: LIMITS.phone.min, max: LIMITS.phone.max }),
                },
                { pattern: PHONE_PATTERN, message: t('phone-invalid') },
              ]}
            >
              <Input maxLength={LIMITS.phone.max} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('email')}
              rules={[
                { required: true, whitespace: true, message: t('email-required') },
                { pattern: EMAIL_PATTERN, message: t('email-invalid') },
              ]}
            >
              <Input maxLength={LIMITS.email.max} />
            </Form.Item>
          </Col>
          {isCreate ? (
            <Col xs={24} md={12}>
              <Form.Item name="password" label={t('password')} rules={passwordRules}>
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
              <Radio.Group options={statusDict.options.map((o) => ({ value: o.value, label: o.label }))} />
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
      </Form>
    </FormModal>
  );
}
