import {
  BugOutlined,
  DingtalkOutlined,
  MailOutlined,
  MessageOutlined,
  WarningOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Checkbox,
  Divider,
  Form,
  type FormRule,
  Input,
  List,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useCurrentProject } from '../projects/index.ts';
import {
  formToSettings,
  isMailReceiverValid,
  type NoticeSettingsForm,
  settingsToForm,
  USER_ID_MAX,
} from './notice-settings.ts';
import {
  getImConfig,
  getImConfigStatus,
  type ImConfigStatus,
  noticeKeys,
  saveImConfig,
} from './notices.api.ts';
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

interface ChannelProps {
  icon: ReactNode;
  title: string;
  switchName: 'mailOn' | 'dingOn' | 'wechatOn';
  name: 'mailReceiver' | 'dingUserId' | 'wechatUserId';
  label: string;
  tooltip?: string;
  placeholder: string;
  maxLength: number;
  /** Reads the switch itself, so that switching off drops the field's complaint at once. */
  rule: FormRule;
  /** False when the platform or project has not set the channel up: nothing would arrive. */
  isSetUp?: boolean;
  notSetUpText?: string;
}

/** A channel the notices also go to: its switch in the heading, and the one address it needs. */
function Channel({
  icon,
  title,
  switchName,
  name,
  label,
  tooltip,
  placeholder,
  maxLength,
  rule,
  isSetUp = true,
  notSetUpText,
}: ChannelProps) {
  const isOn = Form.useWatch(switchName, Form.useFormInstance()) ?? false;
  return (
    <>
      <Section
        icon={icon}
        title={title}
        toggle={
          <Form.Item name={switchName} valuePropName="checked" noStyle>
            <Switch size="small" aria-label={title} />
          </Form.Item>
        }
      />
      {isSetUp ? null : (
        <Alert
          type="warning"
          showIcon
          title={notSetUpText}
          style={{ marginBottom: 8 }}
          data-testid={`unset-${name}`}
        />
      )}
      <Form.Item name={name} label={label} tooltip={tooltip} dependencies={[switchName]} rules={[rule]}>
        <Input disabled={!isOn} maxLength={maxLength} placeholder={placeholder} />
      </Form.Item>
    </>
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
  const statusQuery = useQuery({
    queryKey: [...noticeKeys.imConfig(projectId), 'status'],
    queryFn: () => getImConfigStatus(projectId),
    enabled: isOpen && projectId > 0,
    staleTime: 0,
  });
  const status = statusQuery.data?.data;

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
      .then((values) => mutation.mutate(values))
      .catch(() => message.error(t('notice.option.save-error')));

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

          <Channel
            icon={<MailOutlined />}
            title={t('email')}
            switchName="mailOn"
            name="mailReceiver"
            label={t('receiver-email')}
            placeholder={t('email.please-enter-receiver')}
            maxLength={50}
            isSetUp={status?.channels.mail ?? true}
            notSetUpText={t('notice.channel.mail-unset')}
            rule={({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                isMailReceiverValid(Boolean(getFieldValue('mailOn')), value ?? '')
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t(value?.trim() ? 'email.format-error' : 'email.receiver-not-empty')),
                    ),
            })}
          />
          <Channel
            icon={<DingtalkOutlined />}
            title={t('ding.robot')}
            switchName="dingOn"
            name="dingUserId"
            label={t('ding.user-id')}
            tooltip={t('ding.user-id-illustrate')}
            placeholder={t('ding.enter-user-id')}
            maxLength={USER_ID_MAX}
            isSetUp={status?.channels.ding ?? true}
            notSetUpText={t('notice.channel.ding-unset')}
            rule={({ getFieldValue }) => ({
              required: Boolean(getFieldValue('dingOn')),
              whitespace: true,
              message: t('ding.user-id-cannot-empty'),
            })}
          />
          <Channel
            icon={<WechatOutlined />}
            title={t('enterprise-wechat')}
            switchName="wechatOn"
            name="wechatUserId"
            label={t('enterprise-wechat.account')}
            tooltip={t('enterprise-wechat.account-illustrate')}
            placeholder={t('enterprise-wechat.enter-account-id')}
            maxLength={USER_ID_MAX}
            isSetUp={status?.channels.wechat ?? true}
            notSetUpText={t('notice.channel.wechat-unset')}
            rule={({ getFieldValue }) => ({
              required: Boolean(getFieldValue('wechatOn')),
              whitespace: true,
              message: t('enterprise-wechat.account-cannot-empty'),
            })}
          />
          {status?.failures.length ? <FailedDeliveries failures={status.failures} /> : null}
        </Form>
      )}
    </FormModal>
  );
}

const CHANNEL_TITLE = { mail: 'email', ding: 'ding.robot', wechat: 'enterprise-wechat' } as const;

/** The deliveries to this person that failed in the last 30 days, with the reason. */
function FailedDeliveries({ failures }: { failures: ImConfigStatus['failures'] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="failed-deliveries">
      <Section icon={<WarningOutlined />} title={t('notice.failures')} />
      <List
        size="small"
        dataSource={failures}
        renderItem={(f) => (
          <List.Item>
            <Typography.Text>
              <Tag color={f.isFinal ? 'red' : 'orange'}>
                {t(f.isFinal ? 'notice.failure.final' : 'notice.failure.retrying')}
              </Tag>
              {t(CHANNEL_TITLE[f.channel])} · {f.createTime} · {f.reason}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
