import { ReloadOutlined } from '@ant-design/icons';
import type { ApiRefusal, ProjectApi } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../stores/layout.store.ts';
import { listApiRefusals, projectApiKeys } from './project-api.api.ts';

interface ApiRefusalsDrawerProps {
  /** The key whose refused calls are open; undefined: closed. */
  api: ProjectApi | undefined;
  onClose: () => void;
}

/**
 * A key's latest refused calls (the newest 50): reporters push unattended and show no answer, so
 * this is where a broken payload, an archived project or a missing capability shows up.
 */
export function ApiRefusalsDrawer({ api, onClose }: ApiRefusalsDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useLayout((s) => s.isMobile);
  const apiId = api?.apiId ?? '';
  const query = useQuery({
    queryKey: projectApiKeys.refusals(apiId),
    queryFn: () => listApiRefusals(apiId),
    enabled: apiId !== '',
    staleTime: 0,
  });
  const columns: TableColumnsType<ApiRefusal> = [
    { title: t('api.refusal.time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('api.refusal.route'),
      key: 'route',
      render: (_, r) => (
        <Typography.Text style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {r.method} {r.url}
        </Typography.Text>
      ),
    },
    { title: t('api.refusal.address'), dataIndex: 'ipaddr', width: 140 },
    {
      title: t('api.refusal.reason'),
      dataIndex: 'reason',
      render: (_, r) => (
        <span>
          <Typography.Text type="secondary">{r.code}</Typography.Text> {r.reason ?? '-'}
        </span>
      ),
    },
  ];
  return (
    <Drawer
      open={api !== undefined}
      onClose={onClose}
      size={isMobile ? '100%' : 860}
      title={t('api.refusals.title', { name: api?.apiName ?? '' })}
      rootClassName="api-refusals-drawer"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('refresh')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('api.refusals.describe')}</Typography.Text>
        <Table<ApiRefusal>
          rowKey="refusalId"
          size="small"
          columns={columns}
          dataSource={query.data?.rows ?? []}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('api.refusals.none') }}
          data-testid="api-refusals-table"
        />
      </Flex>
    </Drawer>
  );
}
