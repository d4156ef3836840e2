import { ReloadOutlined } from '@ant-design/icons';
import type { CacheInfo } from '@buglet/contracts';
import { formatFileSize } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCacheInfo, monitorKeys } from './monitor.api.ts';
import { GaugeOf, PieOf } from './monitor-chart.tsx';

/** The Redis INFO fields the original's page shows, in its order. */
const REDIS_FIELDS = [
  'redis_version',
  'redis_mode',
  'tcp_port',
  'connected_clients',
  'uptime_in_days',
  'used_memory_human',
  'used_cpu_user_children',
  'maxmemory_human',
  'aof_enabled',
  'rdb_last_bgsave_status',
  'instantaneous_input_kbps',
  'instantaneous_output_kbps',
] as const;

function RedisFacts({ cache }: { cache: CacheInfo }) {
  const { t } = useTranslation();
  const info = cache.info ?? {};
  return (
    <Descriptions column={{ xs: 1, sm: 2, xl: 4 }} size="small" bordered>
      {REDIS_FIELDS.map((field) => (
        <Descriptions.Item key={field} label={t(`cache.redis.${field}`)}>
          {info[field] ?? '—'}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('cache.db-size')}>{cache.dbSize}</Descriptions.Item>
    </Descriptions>
  );
}

function DatabaseFacts({ cache }: { cache: CacheInfo }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, sm: 2, xl: 4 }} size="small" bordered>
      <Descriptions.Item label={t('cache.backend')}>{t('cache.backend.database')}</Descriptions.Item>
      <Descriptions.Item label={t('cache.db-size')}>{cache.kv.keys}</Descriptions.Item>
      <Descriptions.Item label={t('cache.expired')}>{cache.kv.expired}</Descriptions.Item>
      <Descriptions.Item label={t('cache.bytes')}>{formatFileSize(cache.kv.bytes)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Redis memory used as a share of its limit (or of the machine when it has none). */
function memoryShare(info: Record<string, string>): { share: number; text: string } {
  const used = Number(info.used_memory ?? 0);
  const limit = Number(info.maxmemory ?? 0) || Number(info.total_system_memory ?? 0);
  return {
    share: limit > 0 ? (used / limit) * 100 : 0,
    text: info.used_memory_human ?? formatFileSize(used),
  };
}

/** The cache page (`/monitor/cache`): what the server keeps, as facts and ECharts charts. */
export default function CachePage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: monitorKeys.cache, queryFn: getCacheInfo });
  const cache = query.data;
  const refresh = (
    <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
      {t('refresh')}
    </Button>
  );
  if (!cache)
    return <Card extra={refresh}>{query.isError ? t('cache.unavailable') : <Skeleton active />}</Card>;
  const isRedis = cache.backend === 'redis';
  const keySlices = cache.names
    .filter((n) => n.keyCount > 0)
    .map((n) => ({ name: n.cacheName, value: n.keyCount }));
  const commandSlices = cache.commandStats.map((c) => ({ name: c.name, value: Number(c.value) }));
  const memory = memoryShare(cache.info ?? {});
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          title={isRedis ? t('cache.facts.redis') : t('cache.facts.database')}
          size="small"
          extra={refresh}
        >
          {isRedis ? <RedisFacts cache={cache} /> : <DatabaseFacts cache={cache} />}
        </Card>
      </Col>
      <Col xs={24} lg={isRedis ? 12 : 24} xxl={isRedis ? 8 : 24}>
        <Card title={t('cache.chart.keys')} size="small">
          {keySlices.length > 0 ? (
            <PieOf slices={keySlices} ariaLabel={t('cache.chart.keys')} />
          ) : (
            <Empty description={t('cache.no-keys')} />
          )}
        </Card>
      </Col>
      {isRedis ? (
        <>
          <Col xs={24} lg={12} xxl={8}>
            <Card title={t('cache.chart.commands')} size="small">
              <PieOf slices={commandSlices} ariaLabel={t('cache.chart.commands')} />
            </Card>
          </Col>
          <Col xs={24} lg={12} xxl={8}>
            <Card title={t('cache.chart.memory')} size="small">
              <GaugeOf
                value={memory.share}
                name={t('cache.chart.memory')}
                detail={memory.text}
                ariaLabel={t('cache.chart.memory')}
              />
            </Card>
          </Col>
        </>
      ) : null}
    </Row>
  );
}
