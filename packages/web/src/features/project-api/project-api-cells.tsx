import type { ProjectApi } from '@buglet/contracts';
import { Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  actionLabelKey,
  actionsOf,
  areaLabelKey,
  capabilitySummary,
  isExpired,
} from './project-api-rules.ts';

/** How many white-list entries a row shows before "+N" (the rest are in its tooltip). */
const WHITE_LIST_SHOWN = 3;

export function ExpireCell({ expireTime }: { expireTime: string | null }) {
  const { t } = useTranslation();
  if (!expireTime) return <Typography.Text type="secondary">{t('api.expire.never')}</Typography.Text>;
  return (
    <Space size={4}>
      <span>{expireTime.slice(0, 10)}</span>
      {isExpired(expireTime) ? <Tag color="error">{t('api.expired')}</Tag> : null}
    </Space>
  );
}

export function WhiteListCell({ whiteList }: { whiteList: readonly string[] }) {
  const { t } = useTranslation();
  if (whiteList.length === 0)
    return <Typography.Text type="secondary">{t('api.white-list.any')}</Typography.Text>;
  const rest = whiteList.length - WHITE_LIST_SHOWN;
  return (
    <Flex gap={4} wrap style={{ maxWidth: 320 }}>
      {whiteList.slice(0, WHITE_LIST_SHOWN).map((entry) => (
        <Tag key={entry} style={{ marginInlineEnd: 0 }}>
          {entry}
        </Tag>
      ))}
      {rest > 0 ? (
        <Tooltip title={whiteList.join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

export function CapabilityCell({ features }: { features: ProjectApi['features'] }) {
  const { t } = useTranslation();
  const summary = capabilitySummary(features);
  if (summary === 'all') return <Tag color="success">{t('api.features.all')}</Tag>;
  return (
    <Flex gap={4} wrap style={{ maxWidth: 320 }}>
      {summary.map(({ area, actions }) => (
        <Tooltip key={area} title={actions.map((action) => t(actionLabelKey(action))).join(' / ')}>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t(areaLabelKey(area))} {actions.length}/{actionsOf(area).length}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

export function LastUsedCell({ api }: { api: Pick<ProjectApi, 'lastUsedTime' | 'lastUsedIp'> }) {
  const { t } = useTranslation();
  if (!api.lastUsedTime) return <Typography.Text type="secondary">{t('api.never-used')}</Typography.Text>;
  return (
    <Flex vertical>
      <span>{api.lastUsedTime}</span>
      {api.lastUsedIp ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {api.lastUsedIp}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
