import {
  BugOutlined,
  DingtalkOutlined,
  MailOutlined,
  MessageOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Divider, Form, Input, Skeleton, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useCurrentProject } from '../projects/use-current-project.ts';
import {
  formToSettings,
  isMailReceiverValid,
  type NoticeSettingsForm,
  settingsToForm,
  USER_ID_MAX,
} from './notice-settings.ts';
import { getImConfig, noticeKeys, saveImConfig } from './notices.api.ts';
import { SoundPicker } from './sound-picker.tsx';

interface NoticeSettingsDialogProps {
  isOpen: boolean;
  projectId: number;
  onClose: () => void;
}

function Section({ icon, title, toggle }: { icon: ReactNode; title: string; toggle?: ReactNode }) {
  return (
    <Divider titlePlacement="start" style={{ marginBlock: '12px 8px' }}>
      <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
        {icon}
        {title}
        {toggle}
      </span>
    </Divider>
  );
}

/** The user's notification settings in the current project: which events, and where they arrive. */
export function NoticeSettingsDialog({ isOpen, projectId, onClose }: NoticeSettingsDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { project } = useCurrentProject();
  const [form] = Form.useForm<NoticeSettingsForm>();
  const query = useQuery({
    queryKey: noticeKeys.imConfig(projectId),
    queryFn: () => getImConfig(projectId),
    enabled: isOpen && projectId > 0,
    staleTime: 0,
  });
  const isSystemOn = Form.useWatch('systemOn', form) ?? true;
  const isMailOn = Form.useWatch('mailOn', form) ?? false;
  const isDingOn = Form.useWatch('dingOn', form) ?? false;
  const isWechatOn = Form.useWatch('wechatOn', form) ?? false;

  const config = query.data?.data?.config;
  useEffect(() => {
    if (isOpen && query.isSuccess) form.setFieldsValue(settingsToForm(config));
  }, [isOpen, query.isSuccess, config, form]);

  const mutation = useMutation({
    mutationFn: (values: NoticeSettingsForm) =>
      saveImConfig(projectId, formToSettings(values, currentLocale())),
    onSuccess: () => {
      message.success(t('save.success'));
      void queryClient.invalidateQueries({ queryKey: noticeKeys.imConfig(projectId) });
      onClose();
    },
  });
  const submit = () =>
    void form
      .validateFields()
      .then((values) => mutation.mutate({ ...settingsToForm(undefined), ...values }))
      .catch(() => message.error(t('notice.option.save-error')));

  // A channel switched off drops its field's complaint: only switched-on channels are checked.
  const revalidate = (field: keyof NoticeSettingsForm) => () =>
    void form.validateFields([field]).catch(() => {});

  return (
    <FormModal
      open={isOpen}
      title={project ? `${t('notice.option')} · ${project.projectName}` : t('notice.option')}
      width={720}
      isSaving={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<NoticeSettingsForm>
          form={form}
          name="notice-settings"
          layout="horizontal"
          labelCol={{ flex: '150px' }}
          labelWrap
          initialValues={settingsToForm(undefined)}
        >
          <Section icon={<BugOutlined />} title={t('notice.defect')} />
          <Form.Item label={t('notice.event')} style={{ marginBottom: 4 }}>
            <Form.Item name="defectReceiver" valuePropName="checked" noStyle>
              <Checkbox>{t('notice.defect.assigned-me')}</Checkbox>
            </Form.Item>
            <Form.Item name="defectCollect" valuePropName="checked" noStyle>
              <Checkbox>{t('notice.defect.following')}</Checkbox>
            </Form.Item>
          </Form.Item>
          <Form.Item name="defectRealtime" label={t('notice.trigger-mode')} valuePropName="checked">
            <Checkbox>{t('notice.realtime-trigger')}</Checkbox>
          </Form.Item>

          <Section
            icon={<MessageOutlined />}
            title={t('notice.system.notice')}
            toggle={
              <Form.Item name="systemOn" valuePropName="checked" noStyle>
                <Switch size="small" aria-label={t('notice.system.notice')} />
              </Form.Item>
            }
          />
          <Form.Item name="panel" label={t('option')} valuePropName="checked" style={{ marginBottom: 4 }}>
            <Checkbox disabled={!isSystemOn}>{t('notice.system.panel')}</Checkbox>
          </Form.Item>
          <Form.Item label={t('notice.sound')}>
            <SoundPicker disabled={!isSystemOn} />
          </Form.Item>

          <Section
            icon={<MailOutlined />}
            title={t('email')}
            toggle={
              <Form.Item name="mailOn" valuePropName="checked" noStyle>
                <Switch size="small" aria-label={t('email')} onChange={revalidate('mailReceiver')} />
              </Form.Item>
            }
          />
          <Form.Item
            name="mailReceiver"
            label={t('receiver-email')}
            dependencies={['mailOn']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  isMailReceiverValid(Boolean(getFieldValue('mailOn')), value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(t(value?.trim() ? 'email.format-error' : 'email.receiver-not-empty')),
                      ),
              }),
            ]}
          >
            <Input disabled={!isMailOn} maxLength={50} placeholder={t('email.please-enter-receiver')} />
          </Form.Item>

          <Section
            icon={<DingtalkOutlined />}
            title={t('ding.robot')}
            toggle={
              <Form.Item name="dingOn" valuePropName="checked" noStyle>
                <Switch size="small" aria-label={t('ding.robot')} onChange={revalidate('dingUserId')} />
              </Form.Item>
            }
          />
          <Form.Item
            name="dingUserId"
            label={t('ding.user-id')}
            tooltip={t('ding.user-id-illustrate')}
            dependencies={['dingOn']}
            rules={[{ required: isDingOn, whitespace: true, message: t('ding.user-id-cannot-empty') }]}
          >
            <Input disabled={!isDingOn} maxLength={USER_ID_MAX} placeholder={t('ding.enter-user-id')} />
          </Form.Item>

          <Section
            icon={<WechatOutlined />}
            title={t('enterprise-wechat')}
            toggle={
              <Form.Item name="wechatOn" valuePropName="checked" noStyle>
                <Switch
                  size="small"
                  aria-label={t('enterprise-wechat')}
                  onChange={revalidate('wechatUserId')}
                />
              </Form.Item>
            }
          />
          <Form.Item
            name="wechatUserId"
            label={t('enterprise-wechat.account')}
            tooltip={t('enterprise-wechat.account-illustrate')}
            dependencies={['wechatOn']}
            rules={[
              {
                required: isWechatOn,
                whitespace: true,
                message: t('enterprise-wechat.account-cannot-empty'),
              },
            ]}
          >
            <Input
              disabled={!isWechatOn}
              maxLength={USER_ID_MAX}
              placeholder={t('enterprise-wechat.enter-account-id')}
            />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
