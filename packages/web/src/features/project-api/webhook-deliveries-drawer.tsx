import { ReloadOutlined } from '@ant-design/icons';
import type { Webhook, WebhookDelivery } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../stores/layout.store.ts';
import { DeliveryStateTag, EventName } from './webhook-cells.tsx';
import { listDeliveries, webhookKeys } from './webhooks.api.ts';

interface WebhookDeliveriesDrawerProps {
  /** The webhook whose log is open; undefined: closed. */
  webhook: Webhook | undefined;
  onClose: () => void;
}

/** A webhook's delivery log: its latest deliveries (tests too), newest first. */
export function WebhookDeliveriesDrawer({ webhook, onClose }: WebhookDeliveriesDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useLayout((s) => s.isMobile);
  const webhookId = webhook?.webhookId ?? 0;
  const query = useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: () => listDeliveries(webhookId),
    enabled: webhookId > 0,
    staleTime: 0,
  });

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: t('webhook.delivery.time'),
      dataIndex: 'createTime',
      render: (_, delivery) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{delivery.createTime}</span>
          {delivery.sentTime && delivery.sentTime !== delivery.createTime ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('webhook.delivery.sent-at', { time: delivery.sentTime })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('webhook.delivery.event'),
      dataIndex: 'event',
      render: (event: string) => <EventName event={event} />,
    },
    {
      title: t('webhook.delivery.state'),
      dataIndex: 'state',
      render: (state: string) => <DeliveryStateTag state={state} />,
    },
    { title: t('webhook.delivery.attempts'), dataIndex: 'attempts', align: 'right' },
    {
      title: t('webhook.delivery.response'),
      dataIndex: 'responseCode',
      align: 'right',
      render: (code: number | null) => code ?? '-',
    },
    {
      title: t('webhook.delivery.error'),
      dataIndex: 'lastError',
      render: (error: string | null) =>
        error ? (
          <Typography.Text type="danger" style={{ maxWidth: 240 }} ellipsis={{ tooltip: error }}>
            {error}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Drawer
      open={webhook !== undefined}
      onClose={onClose}
      size={isMobile ? '100%' : 800}
      title={t('webhook.deliveries.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('refresh')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ tooltip: webhook?.webhookUrl }}>
        {t('webhook.deliveries.describe', { url: webhook?.webhookUrl ?? '' })}
      </Typography.Paragraph>
      <Table<WebhookDelivery>
        rowKey="deliveryId"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('webhook.deliveries.empty') }}
        data-testid="webhook-deliveries"
      />
    </Drawer>
  );
}
