import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryStateColor, deliveryStateKey, eventLabelKey, eventsSummary } from './webhook-rules.ts';

/** An event's label, its wire name (what the receiver sees in the event header) in the tooltip. */
export function EventName({ event }: { event: string }) {
  const { t } = useTranslation();
  const key = eventLabelKey(event);
  if (!key) return <span>{event}</span>;
  return (
    <Tooltip title={event}>
      <span>{t(key)}</span>
    </Tooltip>
  );
}

export function EventsCell({ events }: { events: readonly string[] }) {
  const { t } = useTranslation();
  const summary = eventsSummary(events);
  if (summary === 'all') return <Tag color="success">{t('webhook.events.all')}</Tag>;
  return (
    <Flex gap={4} wrap style={{ maxWidth: 220 }}>
      {summary.map((event) => (
        <Tag key={event} color="blue" style={{ marginInlineEnd: 0 }}>
          <EventName event={event} />
        </Tag>
      ))}
    </Flex>
  );
}

export function SecretCell({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  return isSet ? (
    <Tag color="success">{t('webhook.secret.set')}</Tag>
  ) : (
    <Tooltip title={t('webhook.secret.unset-help')}>
      <Typography.Text type="secondary">{t('webhook.secret.unset')}</Typography.Text>
    </Tooltip>
  );
}

export function DeliveryStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const key = deliveryStateKey(state);
  return <Tag color={deliveryStateColor(state)}>{key ? t(key) : state}</Tag>;
}
