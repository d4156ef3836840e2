import { LIMITS, type User } from '@buglet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEmailRules, usePhoneRules } from '../../components/contact-rules.ts';
import { useSession } from '../../stores/session.store.ts';
import { DictRadioGroup } from '../dicts/index.ts';
import { type ProfileBody, profileKeys, updateProfile } from './profile.api.ts';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refreshUser = useSession((s) => s.refreshUser);
  const phoneRules = usePhoneRules();
  const emailRules = useEmailRules();
  const mutation = useMutation({
    mutationFn: (body: ProfileBody) => updateProfile(body),
    onSuccess: () => {
      message.success(t('modify-success'));
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      void refreshUser().catch(() => {});
    },
  });

  return (
    <Form<ProfileBody>
      name="profile"
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{
        nickName: user.nickName,
        phoneNumber: user.phoneNumber ?? '',
        email: user.email ?? '',
        sex: user.sex ?? '0',
        dingUserId: user.dingUserId ?? '',
        wechatUserId: user.wechatUserId ?? '',
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
      <Form.Item name="phoneNumber" label={t('phone-number')} rules={phoneRules}>
        <Input maxLength={LIMITS.phone.max} />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={emailRules}>
        <Input maxLength={LIMITS.email.max} />
      </Form.Item>
      <Form.Item name="sex" label={t('sex')}>
        <DictRadioGroup type="sys_user_sex" />
      </Form.Item>
      <Form.Item name="dingUserId" label={t('profile.ding-user-id')} tooltip={t('profile.im-id-illustrate')}>
        <Input maxLength={LIMITS.imUserId.max} />
      </Form.Item>
      <Form.Item
        name="wechatUserId"
        label={t('profile.wechat-user-id')}
        tooltip={t('profile.im-id-illustrate')}
      >
        <Input maxLength={LIMITS.imUserId.max} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
