import { KeyOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENTS, type Webhook } from '@buglet/contracts';
import { Button, Checkbox, Form, Input, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import {
  eventLabelKey,
  generateSecret,
  type WebhookFormValues,
  webhookBody,
  webhookUrlProblem,
} from './webhook-rules.ts';
import { createWebhook, updateWebhook, webhookKeys } from './webhooks.api.ts';

const FORM_NAME = 'webhook-dialog';
const URL_MAX = 1024;
const SECRET_MAX = 255;
const REMARK_MAX = 255;
const CREATE_DEFAULTS: Partial<WebhookFormValues> = { events: [], enabled: true };

interface WebhookDialogProps {
  projectId: number;
  /** null: a new webhook; a row: modify it. */
  target: EditTarget<Webhook>;
  onClose: () => void;
}

/** Add or modify a webhook: its address, signing secret, events, enabled and remark. */
export function WebhookDialog({ projectId, target, onClose }: WebhookDialogProps) {
  const { t } = useTranslation();
  const isOpen = target !== undefined;
  const isCreate = target === null;
  const [isSecretShown, setSecretShown] = useState(false);
  const initialValues = useMemo<Partial<WebhookFormValues> | undefined>(
    () =>
      target
        ? {
            webhookUrl: target.webhookUrl,
            events: target.events,
            enabled: target.enabled,
            remark: target.remark,
          }
        : target === null
          ? CREATE_DEFAULTS
          : undefined,
    [target],
  );

  const dialog = useFormDialog<WebhookFormValues>({
    isOpen,
    isCreate,
    initialValues,
    invalidate: [webhookKeys.all],
    onClose: () => {
      setSecretShown(false);
      onClose();
    },
    save: (values) =>
      target
        ? updateWebhook({ webhookId: target.webhookId, ...webhookBody(values) })
        : createWebhook({ projectId, ...webhookBody(values) }),
  });

  const fillSecret = () => {
    dialog.form.setFieldValue('secret', generateSecret());
    // Shown, so it can be copied into the receiver: it is never shown again once saved.
    setSecretShown(true);
  };

  const secretPlaceholder = isCreate
    ? 'webhook.secret.placeholder'
    : target?.secretSet
      ? 'webhook.secret.placeholder-keep'
      : 'webhook.secret.placeholder-none';

  return (
    <FormDialog
      dialog={dialog}
      name={FORM_NAME}
      title={t(isCreate ? 'webhook.add' : 'webhook.modify')}
      width={640}
    >
      <Form.Item
        name="webhookUrl"
        label={t('webhook.url')}
        required
        extra={t('webhook.url-help')}
        rules={[
          {
            validator: (_rule, value?: string) => {
              const problem = webhookUrlProblem(value);
              return problem ? Promise.reject(new Error(t(problem, { max: URL_MAX }))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input maxLength={URL_MAX} placeholder="https://example.com/buglet-hook" />
      </Form.Item>
      <Form.Item label={t('webhook.secret')} htmlFor={`${FORM_NAME}_secret`} extra={t('webhook.secret-help')}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="secret" noStyle>
            <Input.Password
              maxLength={SECRET_MAX}
              autoComplete="new-password"
              placeholder={t(secretPlaceholder)}
              visibilityToggle={{ visible: isSecretShown, onVisibleChange: setSecretShown }}
            />
          </Form.Item>
          <Button icon={<KeyOutlined />} onClick={fillSecret}>
            {t('webhook.secret.generate')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="events" label={t('webhook.events')} extra={t('webhook.events-help')}>
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          options={WEBHOOK_EVENTS.map((event) => ({
            value: event,
            label: (
              <span>
                {t(eventLabelKey(event) ?? event)}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {event}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('webhook.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
