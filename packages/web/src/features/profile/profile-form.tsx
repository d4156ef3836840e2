import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN, type User } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../dicts/use-dict.ts';
import { type ProfileBody, profileKeys, updateProfile } from './profile.api.ts';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sex = useDict('sys_user_sex');
  const mutation = useMutation({
    mutationFn: (body: ProfileBody) => updateProfile(body),
    onSuccess: () => {
      message.success(t('modify-success'));
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
    },
  });

  return (
    <Form<ProfileBody>
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{
        nickName: user.nickName,
        phoneNumber: user.phoneNumber ?? '',
        email: user.email ?? '',
        sex: user.sex ?? '0',
      }}
      onFinish={(values) => mutation.mutate(values)}
    >
      <Form.Item
        name="nickName"
        label={t('nick-name')}
        rules={[{ required: true, whitespace: true, message: t('nick-name-required') }]}
      >
        <Input maxLength={LIMITS.nickName.max} />
      </Form.Item>
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
      <Form.Item name="sex" label={t('sex')}>
        <Radio.Group options={sex.options.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
