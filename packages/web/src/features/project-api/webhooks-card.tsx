import { HistoryOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { WEBHOOK_SIGNATURE_HEADER, type Webhook } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Space, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { DeleteRowAction, EditRowAction, RowAction } from '../../components/row-actions.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { EventsCell, SecretCell } from './webhook-cells.tsx';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';
import { deleteWebhook, listWebhooks, testWebhook, updateWebhook, webhookKeys } from './webhooks.api.ts';

/**
 * The project's outgoing webhooks, under the keys table: Buglet posts signed JSON to these addresses
 * when something happens in the project. Same permissions as the keys.
 */
export function WebhooksCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const canEdit = usePermi(['system:api:edit']);
  const editing = useEditTarget<Webhook>();
  const [logOf, setLogOf] = useState<Webhook>();

  const query = useQuery({
    queryKey: webhookKeys.list(projectId),
    queryFn: () => listWebhooks(projectId),
    enabled: projectId > 0,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });

  const toggle = useMutation({
    mutationFn: (body: { webhookId: number; enabled: boolean }) => updateWebhook(body),
    onSuccess: (_answer, body) => {
      message.success(t(body.enabled ? 'webhook.enabled-done' : 'webhook.disabled-done'));
      void reload();
    },
  });

  const test = useMutation({
    mutationFn: (webhookId: number) => testWebhook(webhookId),
    onSuccess: ({ data }, webhookId) => {
      if (data?.state === 'sent') message.success(t('webhook.test.sent', { code: data.responseCode ?? '' }));
      else
        message.error({ content: t('webhook.test.failed', { error: data?.lastError ?? '' }), duration: 8 });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) });
    },
  });

  const remove = (hook: Webhook) =>
    confirm({
      content: t('webhook.delete-confirm', { url: hook.webhookUrl }),
      action: async () => {
        await deleteWebhook(hook.webhookId);
        await reload();
      },
    });

  const columns: TableColumnsType<Webhook> = [
    {
      title: t('webhook.url'),
      dataIndex: 'webhookUrl',
      render: (_, hook) => (
        <Flex vertical style={{ width: 220 }}>
          <Typography.Text ellipsis={{ tooltip: hook.webhookUrl }} style={{ fontFamily: 'monospace' }}>
            {hook.webhookUrl}
          </Typography.Text>
          {hook.remark ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: hook.remark }}>
              {hook.remark}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('webhook.events'),
      dataIndex: 'events',
      render: (_, hook) => <EventsCell events={hook.events} />,
    },
    {
      title: t('webhook.enabled'),
      dataIndex: 'enabled',
      render: (_, hook) => (
        <Switch
          checked={hook.enabled}
          disabled={!canEdit}
          loading={toggle.isPending && toggle.variables?.webhookId === hook.webhookId}
          aria-label={t('webhook.enabled')}
          onChange={(enabled) => toggle.mutate({ webhookId: hook.webhookId, enabled })}
        />
      ),
    },
    {
      title: t('webhook.secret'),
      dataIndex: 'secretSet',
      render: (_, hook) => <SecretCell isSet={hook.secretSet} />,
    },
    {
      title: t('operate'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, hook) => (
        <Space size={0} wrap>
          <RowAction
            permi={['system:api:edit']}
            icon={<SendOutlined />}
            loading={test.isPending && test.variables === hook.webhookId}
            onClick={() => test.mutate(hook.webhookId)}
          >
            {t('webhook.test')}
          </RowAction>
          <RowAction permi={['system:api:list']} icon={<HistoryOutlined />} onClick={() => setLogOf(hook)}>
            {t('webhook.deliveries')}
          </RowAction>
          <EditRowAction permiPrefix="system:api" onClick={() => editing.openEdit(hook)} />
          <DeleteRowAction permiPrefix="system:api" onClick={() => remove(hook)} />
        </Space>
      ),
    },
  ];

  return (
    // Inside the page's card, under the keys table.
    <Card type="inner" title={t('webhook.title')} style={{ marginTop: 24 }} data-testid="webhooks">
      <Typography.Paragraph type="secondary">
        {t('webhook.describe', { header: WEBHOOK_SIGNATURE_HEADER })}
      </Typography.Paragraph>
      <ListToolbar onRefresh={() => void reload()}>
        <PermiButton
          permi={['system:api:add']}
          type="primary"
          icon={<PlusOutlined />}
          onClick={editing.openCreate}
        >
          {t('webhook.add')}
        </PermiButton>
      </ListToolbar>
      <Table<Webhook>
        rowKey="webhookId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('webhook.empty') }}
        data-testid="webhook-table"
      />
      <WebhookDialog projectId={projectId} target={editing.target} onClose={editing.close} />
      <WebhookDeliveriesDrawer webhook={logOf} onClose={() => setLogOf(undefined)} />
    </Card>
  );
}
